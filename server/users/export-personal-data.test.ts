import { describe, expect, it } from "vitest";
import { makeUser, placeSeededOrder } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { contactMessages, newsletterSubscribers } from "../content/schema";
import { getDb } from "../db/client";
import { exportPersonalData, personalDataJson } from "./export-personal-data";

// A person's copy of their data (docs/product/accounts.md#your-data): theirs, whole, and without secrets.

useTestDatabase();

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  return into;
}

describe("the personal data export", () => {
  it("holds the person's account, orders with their lines, messages and subscription, and nobody else's", async () => {
    const ada = await makeUser("customer", "Adaeze Nwosu");
    const other = await makeUser("customer", "Tunde Bakare");
    const order = await placeSeededOrder(ada);
    const otherOrder = await placeSeededOrder(other);
    await getDb().insert(contactMessages).values({
      name: "Adaeze Nwosu",
      email: ada.email.toUpperCase(),
      subject: "Quote for a 5 kVA system",
      inquiryType: "solar",
      message: "Three-bedroom flat in Yaba.",
    });
    await getDb()
      .insert(newsletterSubscribers)
      .values({ email: ada.email, name: "Adaeze", unsubscribeTokenHash: "secret-hash-value", confirmTokenHash: "another-secret" });

    const data = (await exportPersonalData(ada.id))!;
    const json = personalDataJson(data);
    const parsed = JSON.parse(json) as typeof data;
    expect(parsed.account).toMatchObject({ id: ada.id, email: ada.email, name: "Adaeze Nwosu", role: "customer" });
    expect(parsed.data.orders!.map((o) => o.id)).toEqual([order.id]);
    expect(parsed.data.order_items!.every((i) => i.order_id === order.id)).toBe(true);
    expect(parsed.data.order_items!.length).toBeGreaterThan(0);
    expect(parsed.data.order_events!.length).toBeGreaterThan(0);
    expect(parsed.data.contact_messages).toEqual([expect.objectContaining({ subject: "Quote for a 5 kVA system" })]);
    expect(parsed.data.newsletter_subscribers).toEqual([expect.objectContaining({ email: ada.email })]);
    expect(parsed.emails.map((e) => e.kind)).toContain("order_confirmation");

    expect(json).not.toContain(otherOrder.id);
    expect(json).not.toContain(other.email);
    const keys = keysOf(parsed);
    for (const secret of ["unsubscribe_token_hash", "confirm_token_hash", "password", "pin_hash", "token", "html", "text"])
      expect(keys.has(secret), secret).toBe(false);
    expect(json).not.toContain("secret-hash-value");
  });

  it("is nothing for an unknown person", async () => {
    expect(await exportPersonalData("u-nobody")).toBeNull();
  });
});
