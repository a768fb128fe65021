import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { ZJoinZavCharge } from "@domain/zavcharge/accounts/account-input";
import type { TViewer } from "@domain/access/roles";
import { makeUser, uniquePhone } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { noteSignInDevice } from "../../auth/remember-sign-in-device";
import { users } from "../../auth/schema";
import { getDb } from "../../db/client";
import { env } from "../../env";
import { outbox } from "../../messaging/schema";
import { findDriverAccountForUser } from "./find-driver-account";
import { joinZavCharge } from "../join-zavcharge";
import { proveDriverPhone, sendDriverPhoneCode } from "../prove-driver-phone";
import { zavchargeAccounts } from "./schema";
import { zavchargeWalletEntries } from "../wallet/schema";

// The welcome credit and free first plan, once per person (docs/product/zavcharge.md#welcome-credit): per mailbox, per
// phone, per device seen at sign-in, and where the site sends texts only once the phone is proved.

useTestDatabase();

/** A customer whose e-mail address is exactly `email`. */
async function customerWith(email: string, name = "Chiamaka Obi"): Promise<TViewer> {
  const person = await makeUser("customer", name);
  await getDb().update(users).set({ email }).where(eq(users.id, person.id));
  return { ...person, email };
}
const join = (viewer: TViewer, deviceId: string | null = null, phone = uniquePhone()) =>
  joinZavCharge(viewer, ZJoinZavCharge.parse({ phone, pin: "", confirmPin: "" }), deviceId);
const tag = () => Math.random().toString(36).slice(2, 8);

describe("the welcome, once per person", () => {
  it("goes once per mailbox: a +tag, the case and Gmail's dots name the same inbox", async () => {
    const base = `kelechi.${tag()}`;
    expect(await join(await customerWith(`${base}+1@example.ng`))).toMatchObject({ ok: true, welcomeCreditKobo: WELCOME_CREDIT_KOBO });
    expect(await join(await customerWith(`${base}+2@example.ng`))).toMatchObject({ ok: true, welcomeCreditKobo: 0 });
    expect(await join(await customerWith(`${base.toUpperCase()}@EXAMPLE.NG`))).toMatchObject({ welcomeCreditKobo: 0 });
    const gmail = `ada.obi.${tag()}`;
    expect(await join(await customerWith(`${gmail}@gmail.com`))).toMatchObject({ welcomeCreditKobo: WELCOME_CREDIT_KOBO });
    expect(await join(await customerWith(`${gmail.replace(/\./g, "")}+zav@googlemail.com`))).toMatchObject({ welcomeCreditKobo: 0 });
  });

  it("goes once per device: a second account joining in the same browser, or one that signed in on it, gets none", async () => {
    const laptop = `dev-${tag()}-laptop-00001`;
    expect(await join(await customerWith(`ngozi.${tag()}@example.ng`), laptop)).toMatchObject({ welcomeCreditKobo: WELCOME_CREDIT_KOBO });
    expect(await join(await customerWith(`uche.${tag()}@example.ng`), laptop)).toMatchObject({ welcomeCreditKobo: 0 });
    // Signed in on that laptop once, then joins from a phone the site has never seen.
    const sibling = await customerWith(`ifeanyi.${tag()}@example.ng`);
    await noteSignInDevice(getDb(), sibling.id, laptop);
    expect(await join(sibling, `dev-${tag()}-phone-000001`)).toMatchObject({ welcomeCreditKobo: 0 });
    // Someone else entirely, on a browser of their own, still gets it.
    expect(await join(await customerWith(`bisi.${tag()}@example.ng`), `dev-${tag()}-bisi-00001`)).toMatchObject({
      welcomeCreditKobo: WELCOME_CREDIT_KOBO,
    });
  });
});

describe("where the site sends texts", () => {
  const savedTermii = env.TERMII_API_KEY;
  beforeAll(() => void (env.TERMII_API_KEY = "test-termii-key"));
  afterAll(() => void (env.TERMII_API_KEY = savedTermii));

  const lastCodeTo = async (phone: string) => {
    const [sms] = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "sms"), eq(outbox.recipient, phone), eq(outbox.kind, "phone-code")))
      .orderBy(desc(outbox.id))
      .limit(1);
    return /is (\d{6})\./.exec(sms?.text ?? "")?.[1] ?? "";
  };
  const credits = async (accountId: number) =>
    (await getDb().select().from(zavchargeWalletEntries).where(eq(zavchargeWalletEntries.accountId, accountId))).filter(
      (e) => e.kind === "welcome_credit",
    );

  it("waits for the code texted to the phone, then gives the welcome once; a made-up number never gets it", async () => {
    const driver = await customerWith(`halima.${tag()}@example.ng`, "Halima Musa");
    const phone = uniquePhone();
    const opened = await join(driver, `dev-${tag()}-halima-0001`, phone);
    expect(opened).toMatchObject({ ok: true, welcomeCreditKobo: 0, welcomeAwaitsPhone: true, expiresAt: null });
    const account = (await findDriverAccountForUser(driver.id))!;
    expect(account).toMatchObject({ welcomeAwaitsPhone: true, balanceKobo: 0, state: "expired" });
    const code = await lastCodeTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    // Nothing but the code went to the phone yet: no welcome text promises what is not given.
    const texts = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "sms"), eq(outbox.recipient, phone)));
    expect(texts.map((t) => t.kind)).toEqual(["phone-code"]);

    const wrong = code === "000000" ? "111111" : "000000";
    expect(await proveDriverPhone(account, wrong, null)).toMatchObject({ ok: false, error: { field: "code" } });
    expect(await credits(account.id)).toEqual([]);
    // The right code, twice at once: one welcome.
    const both = await Promise.all([proveDriverPhone(account, code, null), proveDriverPhone(account, code, null)]);
    expect(both.filter((b) => b.ok)).toEqual([expect.objectContaining({ welcomeCreditKobo: WELCOME_CREDIT_KOBO })]);
    expect(await credits(account.id)).toHaveLength(1);
    expect(await findDriverAccountForUser(driver.id)).toMatchObject({
      welcomeAwaitsPhone: false,
      balanceKobo: WELCOME_CREDIT_KOBO,
      state: "active",
    });
    expect(await sendDriverPhoneCode(account)).toMatchObject({ ok: false });

    // Another account that gave the same phone, and proved it too, gets no second welcome.
    const other = await customerWith(`hauwa.${tag()}@example.ng`, "Hauwa Musa");
    await join(other, `dev-${tag()}-hauwa-00001`, phone);
    expect(await findDriverAccountForUser(other.id)).toMatchObject({ welcomeAwaitsPhone: false });

    // A number nobody answers: the welcome waits for ever, and nothing is credited.
    const farmer = await customerWith(`farmer.${tag()}@example.ng`, "Tunde Bello");
    expect(await join(farmer, `dev-${tag()}-farm-000001`)).toMatchObject({ welcomeAwaitsPhone: true, welcomeCreditKobo: 0 });
    expect((await findDriverAccountForUser(farmer.id))!.balanceKobo).toBe(0);
  });

  it("a new code goes on asking, within the texts' limits; a code for a number since changed does not count", async () => {
    const driver = await customerWith(`emeka.${tag()}@example.ng`, "Emeka Okafor");
    const phone = uniquePhone();
    await join(driver, null, phone);
    const account = (await findDriverAccountForUser(driver.id))!;
    // Once a minute: the code sent at opening is too recent for another.
    expect(await sendDriverPhoneCode(account)).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    const code = await lastCodeTo(phone);
    await getDb().update(zavchargeAccounts).set({ phone: uniquePhone() }).where(eq(zavchargeAccounts.id, account.id));
    expect(await proveDriverPhone(account, code, null)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("changed") },
    });
    expect(await credits(account.id)).toEqual([]);
  });
});
