import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { notifyUser } from "./notify-user";
import { DEFAULT_PREFERENCES } from "@domain/notifications/notifications";
import { getPreferences } from "./get-preferences";
import { updatePreferences } from "./update-preferences";
import { notifications } from "./schema";

useTestDatabase();

const reminder = (userId: string) => ({
  userId,
  type: "blog_post" as const,
  title: "New on the blog",
  message: "Inverter sizing for Lagos homes",
  link: "/blog/inverter-sizing",
  emailCopy: true,
});
const mailFor = (email: string) =>
  getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, "notification:blog_post")));
const stored = (userId: string) => getDb().select().from(notifications).where(eq(notifications.userId, userId));

describe("notifyUser", () => {
  it("stores the notification and e-mails a copy under the default preferences (marketing off)", async () => {
    const user = await makeUser("customer", "Chiamaka Eze");
    expect(await getPreferences(user.id)).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES.marketingEmails).toBe(false);

    const result = await notifyUser(getDb(), reminder(user.id));
    expect(result.emailed).toBe(true);
    expect((await stored(user.id)).map((n) => [n.title, n.priority, n.readAt])).toEqual([["New on the blog", "medium", null]]);
    const [mail] = await mailFor(user.email);
    expect(mail!.subject).toBe("New on the blog");
    expect(mail!.text).toContain("Inverter sizing for Lagos homes");
  });

  it("with e-mail off, the reminder arrives in-app only", async () => {
    const user = await makeUser("customer", "Tunde Bakare");
    await updatePreferences(user.id, { email: false });
    const result = await notifyUser(getDb(), reminder(user.id));
    expect(result).toMatchObject({ emailed: false });
    expect(result.notificationId).not.toBeNull();
    expect(await mailFor(user.email)).toHaveLength(0);
    expect(await stored(user.id)).toHaveLength(1);
  });

  it("with in-app off, only the e-mail goes; with the topic off, nothing does", async () => {
    const user = await makeUser("customer", "Aisha Bello");
    await updatePreferences(user.id, { inApp: false });
    expect(await notifyUser(getDb(), reminder(user.id))).toEqual({ notificationId: null, emailed: true });
    expect(await stored(user.id)).toHaveLength(0);

    await updatePreferences(user.id, { inApp: true, blogUpdates: false });
    expect(await notifyUser(getDb(), reminder(user.id))).toEqual({ notificationId: null, emailed: false });
    expect(await mailFor(user.email)).toHaveLength(1);
    // The saved switches survive a later partial update.
    expect(await getPreferences(user.id)).toMatchObject({ inApp: true, blogUpdates: false, email: true });
  });

  it("a rolled-back transaction leaves neither notification nor e-mail", async () => {
    const user = await makeUser("customer", "Emeka Obi");
    await expect(
      getDb().transaction(async (tx) => {
        await notifyUser(tx, reminder(user.id));
        throw new Error("order failed");
      }),
    ).rejects.toThrow("order failed");
    expect(await stored(user.id)).toHaveLength(0);
    expect(await mailFor(user.email)).toHaveLength(0);
  });
});
