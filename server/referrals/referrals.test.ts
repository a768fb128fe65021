import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isReferralCodeShape, mailboxOf, normaliseReferralCode } from "@domain/referrals/referral";
import { makeUser } from "../../tests/support/store-fixtures";
import { driverRegistration, signUpInput } from "../../tests/support/registration-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { registerUser } from "../auth/register-user";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { updateSettings } from "../settings/update-settings";
import { registerDriver } from "../zavcharge/accounts/register-driver";
import { bindReferral } from "./bind-referral";
import { getReferralPage } from "./get-referral-page";
import { openReferralLink } from "./open-referral-link";
import { referralCodeFor } from "./referral-code-for";
import { referralCodes, referrals } from "./schema";

useTestDatabase();

let ipCounter = 0;
const nextIp = () => `10.44.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

const signUp = (over: Record<string, unknown> = {}) => signUpInput({ name: "Tunde Bakare", ...over });

async function register(over: Record<string, unknown> = {}, referralLinkCode: string | null = null) {
  const input = signUp(over);
  const result = await registerUser(input, nextIp(), { referralLinkCode });
  return { input, result, id: result.ok ? result.newUserId : null };
}

const bindingOf = async (referredId: string) => (await getDb().select().from(referrals).where(eq(referrals.referredId, referredId)))[0];

describe("the referral code", () => {
  it("is made once per customer, 8 unambiguous characters, and typed in any case with dashes", async () => {
    const ada = await makeUser("customer", "Ada Obi");
    const [first, second] = await Promise.all([referralCodeFor(ada.id), referralCodeFor(ada.id)]);
    expect(first).toBe(second);
    expect(isReferralCodeShape(first)).toBe(true);
    expect(first).not.toMatch(/[01OIL]/);
    expect(normaliseReferralCode(`${first.slice(0, 4).toLowerCase()}-${first.slice(4)}`)).toBe(first);
    const [rows] = await getDb().select({ n: count() }).from(referralCodes).where(eq(referralCodes.userId, ada.id));
    expect(rows!.n).toBe(1);
  });

  it("counts a link's openings only for a real code, once per address in the window", async () => {
    const ada = await makeUser("customer", "Ada Obi");
    const code = await referralCodeFor(ada.id);
    const [phone, laptop] = [nextIp(), nextIp()];
    expect(await openReferralLink(code.toLowerCase(), phone)).toEqual({ code, rememberDays: 30 });
    // Reloaded on the same phone: still remembered, not counted again.
    expect(await openReferralLink(code, phone)).toEqual({ code, rememberDays: 30 });
    expect(await openReferralLink(code, laptop)).toEqual({ code, rememberDays: 30 });
    expect(await openReferralLink("ZZZZZZZZ", phone)).toBeNull();
    expect(await openReferralLink("<script>", phone)).toBeNull();
    expect((await getReferralPage(ada.id)).opens).toBe(2);
  });
});

describe("binding at sign-up", () => {
  it("binds a new account to the link's referrer once; later links and codes never move them", async () => {
    const ada = await makeUser("customer", "Ada Obi");
    const bola = await makeUser("customer", "Bola Ade");
    const adaCode = await referralCodeFor(ada.id);
    const { id } = await register({ name: "Chinedu Okoro" }, adaCode);
    expect(await bindingOf(id!)).toMatchObject({ referrerId: ada.id, source: "link", status: "active" });
    expect(await bindReferral(id!, await referralCodeFor(bola.id), "code")).toBeNull();
    expect((await bindingOf(id!))!.referrerId).toBe(ada.id);
    const page = await getReferralPage(ada.id);
    expect(page.joined).toBe(1);
    expect(page.invited[0]).toMatchObject({ name: "Chinedu O.", refusal: null });
    expect(page.link).toMatch(new RegExp(`/\\?ref=${adaCode}$`));
  });

  it("a code typed at sign-up wins over a link opened earlier, and an unknown code is refused before anything is made", async () => {
    const ada = await makeUser("customer", "Ada Obi");
    const bola = await makeUser("customer", "Bola Ade");
    const bolaCode = await referralCodeFor(bola.id);
    const typed = await register(
      { referralCode: `${bolaCode.slice(0, 4).toLowerCase()}-${bolaCode.slice(4)}` },
      await referralCodeFor(ada.id),
    );
    expect(await bindingOf(typed.id!)).toMatchObject({ referrerId: bola.id, source: "code" });

    const before = (await getDb().select({ n: count() }).from(users))[0]!.n;
    const unknown = await register({ referralCode: "ZZZZ-ZZZZ" });
    expect(unknown.result).toMatchObject({
      ok: false,
      error: { field: "referralCode", message: expect.stringContaining("No one has that referral code") },
    });
    expect((await getDb().select({ n: count() }).from(users))[0]!.n).toBe(before);
    expect(() => signUp({ referralCode: "not a code!" })).toThrow(/8 letters and numbers/);
  });

  it("a driver who registers for ZavCharge after opening a link is bound like any new customer", async () => {
    const ada = await makeUser("customer", "Ada Obi");
    const code = await referralCodeFor(ada.id);
    const input = driverRegistration({ name: "Ifeoma Chukwu" });
    const email = input.email;
    expect(await registerDriver(input, nextIp(), { referralLinkCode: code })).toEqual({ ok: true });
    const [driver] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await bindingOf(driver!.id)).toMatchObject({ referrerId: ada.id, source: "link", status: "active" });
  });

  it("an address that already has an account is not referred", async () => {
    const ada = await makeUser("customer", "Ada Obi");
    const code = await referralCodeFor(ada.id);
    const first = await register();
    const again = await registerUser({ ...first.input, referralCode: code }, nextIp());
    expect(again).toMatchObject({ ok: true, newUserId: null });
    expect(await bindingOf(first.id!)).toBeUndefined();
  });

  it("a person with the referrer's phone or mailbox is bound as refused, and earns nothing", async () => {
    const ada = await makeUser("customer", "Ada Obi");
    await getDb().update(users).set({ phone: "+2348034445566", email: "ada.obi@gmail.com" }).where(eq(users.id, ada.id));
    const code = await referralCodeFor(ada.id);
    const samePhone = await register({ phone: "0803 444 5566" }, code);
    expect(await bindingOf(samePhone.id!)).toMatchObject({ status: "refused", refusal: "same_phone" });
    const sameMailbox = await register({ email: "Adaobi+deals@googlemail.com" }, code);
    expect(await bindingOf(sameMailbox.id!)).toMatchObject({ status: "refused", refusal: "same_mailbox" });
    const page = await getReferralPage(ada.id);
    expect(page.joined).toBe(0);
    expect(page.invited.map((p) => p.refusal).sort()).toEqual(["same_mailbox", "same_phone"]);
    expect(mailboxOf("A.D.A.Obi+x@Gmail.com")).toBe(mailboxOf("adaobi@gmail.com"));
    expect(mailboxOf("ada.obi@example.ng")).not.toBe(mailboxOf("adaobi@example.ng"));
  });

  it("with the programme off, links are not remembered and nobody is bound", async () => {
    const admin = await makeUser("admin", "Kemi Admin");
    const ada = await makeUser("customer", "Ada Obi");
    const code = await referralCodeFor(ada.id);
    await updateSettings(admin.id, { referEarnEnabled: false });
    try {
      expect(await openReferralLink(code, nextIp())).toBeNull();
      const { id } = await register({}, code);
      expect(await bindingOf(id!)).toBeUndefined();
    } finally {
      await updateSettings(admin.id, { referEarnEnabled: true });
    }
  });
});
