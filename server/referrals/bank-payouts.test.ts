import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZSettlePayout } from "@domain/marketplace/payout-input";
import { fakeAccountName } from "../../tests/fakes/paystack";
import { transferWebhook as transferWebhookOf, useFakePaystack } from "../../tests/support/fake-paystack";
import { makeSeller } from "../../tests/support/marketplace-fixtures";
import { paidCourse, referrerAndFriend } from "../../tests/support/referral-fixtures";
import { browserHeaders } from "../../tests/support/requests";
import { signUpInput } from "../../tests/support/registration-fixtures";
import { makeUser } from "../../tests/support/store-fixtures";
import { orFail } from "../../tests/support/results";
import { useTestDatabase } from "../../tests/support/test-database";
import { getAuth } from "../auth/auth";
import { registerUser } from "../auth/register-user";
import { hasSignedInOn } from "../auth/remember-sign-in-device";
import { users } from "../auth/schema";
import { signIn } from "../auth/sign-in";
import { getDb } from "../db/client";
import { env } from "../env";
import { notifications } from "../notifications/schema";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { readDatabaseFigures } from "../metrics/database-figures";
import { setDatabaseFigures } from "../metrics/registry";
import { metricValue } from "../../tests/support/metrics";
import { approveHeldCommissions } from "./approve-held-commissions";
import { getReferralPage } from "./get-referral-page";
import { getReferrerLedger } from "./get-referral-programme";
import { listReferralBankPayouts } from "./list-referral-bank-payouts";
import { payOutReferralBalance } from "./pay-out-referral-balance";
import { referralBalanceKobo } from "./referral-balance";
import { referralCodeFor } from "./referral-code-for";
import { saveReferralPayoutAccount } from "./save-referral-payout-account";
import { referralCommissions, referralPayouts, referrals } from "./schema";
import { checkReferralPayoutTransfer, sendReferralPayoutTransfer } from "./send-referral-payout-transfer";
import { settleReferralPayout } from "./settle-referral-payout";
import { referralTransferReference } from "./sync-referral-payout-transfer";

// Referral payouts to a bank account and the self-referral checks by bank account and browser
// (docs/product/refer-and-earn.md#payouts, #fraud-checks).

useTestDatabase();

const DAY = 86_400_000;
const GTBANK = "058";
const paystack = useFakePaystack({ PAYSTACK_TRANSFERS: true });
afterAll(async () => {
  Object.assign(env, { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_TRANSFERS: false });
  await paystack?.close();
});

let staff: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  staff = await makeUser("staff", "Tunde Bakare");
  admin = await makeUser("admin", "Adaeze Okonkwo");
});

let ipCounter = 0;
const nextIp = () => `10.71.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

/** A referrer whose friend's ₦200,000 course earned ₦10,000, approved, with a bank account saved. */
async function referrerWithBalance(accountNumber: string) {
  const { referrer, friend } = await referrerAndFriend();
  await paidCourse(friend, staff, 20_000_000);
  await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
  expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(1_000_000);
  const saved = await saveReferralPayoutAccount(referrer.userId, nextIp(), { bankCode: GTBANK, accountNumber });
  expect(saved).toMatchObject({ ok: true, accountName: fakeAccountName(accountNumber), verified: true });
  return { referrer, friend };
}

const askForBankPayout = (userId: string) => payOutReferralBalance(userId, { amountKobo: "1000000", destination: "bank" });
const payoutsOf = (userId: string) => getDb().select().from(referralPayouts).where(eq(referralPayouts.userId, userId));
const commissionStatuses = async (userId: string) =>
  (await getDb().select().from(referralCommissions).where(eq(referralCommissions.referrerId, userId))).map((c) => c.status);
const titlesFor = async (userId: string) =>
  (await getDb().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

const transferWebhook = (reference: string) => transferWebhookOf(paystack, reference);

describe("payouts to the referrer's bank account", () => {
  it("are asked for once, sent through Paystack once by two admins at once, and paid by the verified webhook", async () => {
    const { referrer } = await referrerWithBalance("0123456781");
    expect(await saveReferralPayoutAccount(referrer.userId, nextIp(), { bankCode: GTBANK, accountNumber: "0123450000" })).toMatchObject({
      ok: false,
      error: { field: "accountNumber" },
    });
    expect(await saveReferralPayoutAccount(referrer.userId, nextIp(), { bankCode: "999", accountNumber: "0123" })).toMatchObject({
      ok: false,
      error: { fieldErrors: { bankCode: "Choose your bank from the list", accountNumber: expect.stringContaining("10-digit") } },
    });

    const asked = await Promise.all([askForBankPayout(referrer.userId), askForBankPayout(referrer.userId)]);
    expect(asked.filter((a) => a.ok)).toEqual([
      expect.objectContaining({ amountKobo: 1_000_000, destination: "bank", accountName: fakeAccountName("0123456781") }),
    ]);
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(0);
    expect(await commissionStatuses(referrer.userId)).toEqual(["paid"]);
    const [payout] = await payoutsOf(referrer.userId);
    expect(payout).toMatchObject({ status: "requested", destination: "bank", accountNumber: "0123456781" });
    expect((await listReferralBankPayouts()).waiting.map((p) => p.id)).toContain(payout!.id);
    expect(await titlesFor(admin.id)).toContain("Refer & Earn payout requested");

    const payoutCount = (result: string) => metricValue(`payouts_total{payee="referrer",result="${result}"}`);
    const [sentBefore, paidBefore] = [await payoutCount("sent"), await payoutCount("paid")];
    await setDatabaseFigures(await readDatabaseFigures(new Date()));
    expect(await metricValue('payout_requests_waiting{payee="referrer",status="requested"}')).toBe(1);
    expect(await metricValue('payout_requests_waiting_kobo{payee="referrer",status="requested"}')).toBe(1_000_000);
    const sent = await Promise.all([sendReferralPayoutTransfer(admin, payout!.id), sendReferralPayoutTransfer(admin, payout!.id)]);
    expect(sent.filter((s) => s.ok)).toEqual([expect.objectContaining({ status: "sending", amountKobo: 1_000_000 })]);
    expect(sent.find((s) => !s.ok)).toMatchObject({ error: { status: 409 } });
    // On its way through Paystack, it cannot be marked paid or declined by hand.
    expect(
      await settleReferralPayout(admin, ZSettlePayout.parse({ payoutId: payout!.id, decision: "declined", note: "Wrong account, sorry" })),
    ).toMatchObject({ ok: false, error: { status: 409 } });

    const reference = referralTransferReference(payout!.id);
    const webhook = await transferWebhook(reference);
    expect(await handlePaymentWebhook("paystack", webhook.body, new Headers(webhook.headers))).toMatchObject({
      body: { outcome: "transfer paid" },
    });
    expect(await handlePaymentWebhook("paystack", webhook.body, new Headers(webhook.headers))).toMatchObject({
      body: { outcome: "duplicate" },
    });
    // On the metrics, sent once and paid once, whatever was clicked or repeated.
    expect([(await payoutCount("sent")) - sentBefore, (await payoutCount("paid")) - paidBefore]).toEqual([1, 1]);
    await setDatabaseFigures(await readDatabaseFigures(new Date()));
    expect(await metricValue('payout_requests_waiting{payee="referrer",status="requested"}')).toBe(0);
    expect(await metricValue('payout_requests_waiting{payee="referrer",status="sending"}')).toBe(0);
    const [paid] = await payoutsOf(referrer.userId);
    expect(paid).toMatchObject({ status: "paid", bankReference: expect.stringMatching(/^TRF_/) });
    expect(paystack.state.transfers.filter((t) => t.reference === reference)).toHaveLength(1);
    expect(await titlesFor(referrer.userId)).toContain("Referral earnings paid");
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(0);
    const page = await getReferralPage(referrer.userId);
    expect(page.payouts[0]).toMatchObject({ destination: "bank", status: "paid", account: "••••6781" });
    expect(page.payoutAccount).toMatchObject({ masked: "••••6781", verified: true });
  });

  it("give the balance back once when the bank refuses the transfer or an admin declines, and the commissions are approved again", async () => {
    const { referrer } = await referrerWithBalance("0123459999"); // the fake bank refuses accounts ending 9999
    expect(await askForBankPayout(referrer.userId)).toMatchObject({ ok: true });
    const [first] = await payoutsOf(referrer.userId);
    expect(await sendReferralPayoutTransfer(admin, first!.id)).toMatchObject({ ok: true, status: "sending" });
    const webhook = await transferWebhook(referralTransferReference(first!.id));
    expect(await handlePaymentWebhook("paystack", webhook.body, new Headers(webhook.headers))).toMatchObject({
      body: { outcome: "transfer failed" },
    });
    expect(await checkReferralPayoutTransfer(first!.id)).toMatchObject({ ok: true, status: "failed" });
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(1_000_000);
    expect(await commissionStatuses(referrer.userId)).toEqual(["approved"]);
    expect(await titlesFor(referrer.userId)).toContain("Your referral payout did not go through");

    // A new account, asked again, declined by hand: back again, once however often it is declined.
    expect(await saveReferralPayoutAccount(referrer.userId, nextIp(), { bankCode: GTBANK, accountNumber: "0123454321" })).toMatchObject({
      ok: true,
    });
    expect(await askForBankPayout(referrer.userId)).toMatchObject({ ok: true });
    const second = (await payoutsOf(referrer.userId)).find((p) => p.id !== first!.id)!;
    expect(second).toMatchObject({ accountNumber: "0123454321", status: "requested" });
    const decline = ZSettlePayout.parse({ payoutId: second.id, decision: "declined", note: "Please use an account in your own name" });
    expect(await settleReferralPayout(admin, decline)).toMatchObject({ ok: true });
    expect(await settleReferralPayout(admin, decline)).toMatchObject({ ok: false, error: { status: 409 } });
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(1_000_000);
    const ledger = await getReferrerLedger(referrer.email);
    expect(ledger!.entries.map((e) => [e.kind, e.amountKobo])).toEqual([
      ["payout_returned", 1_000_000],
      ["payout", -1_000_000],
      ["payout_returned", 1_000_000],
      ["payout", -1_000_000],
      ["approved", 1_000_000],
    ]);
    // Paid by hand with the bank's reference, at last.
    expect(await askForBankPayout(referrer.userId)).toMatchObject({ ok: true });
    const third = (await payoutsOf(referrer.userId)).find((p) => p.status === "requested")!;
    expect(
      await settleReferralPayout(admin, ZSettlePayout.parse({ payoutId: third.id, decision: "paid", reference: "GTB/TRF/55120" })),
    ).toMatchObject({ ok: true });
    expect(await commissionStatuses(referrer.userId)).toEqual(["paid"]);
  });

  it("needs a saved account, and is never a wallet payout's second way to the same balance", async () => {
    const { referrer, friend } = await referrerAndFriend();
    await paidCourse(friend, staff, 20_000_000);
    await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
    expect(await askForBankPayout(referrer.userId)).toMatchObject({
      ok: false,
      error: { field: "destination", message: "Add the bank account to be paid into first." },
    });
    expect(await payOutReferralBalance(referrer.userId, { amountKobo: "1000000", destination: "wallet" })).toMatchObject({ ok: true });
    await saveReferralPayoutAccount(referrer.userId, nextIp(), { bankCode: GTBANK, accountNumber: "0123451111" });
    expect(await askForBankPayout(referrer.userId)).toMatchObject({ ok: false });
    expect((await payoutsOf(referrer.userId)).map((p) => p.destination)).toEqual(["wallet"]);
  });
});

describe("self-referrals found later", () => {
  it("a friend paid into the referrer's own bank account is refused, and what was approved is taken back", async () => {
    const { referrer, friend } = await referrerWithBalance("0123452468");
    await paidCourse(friend, staff, 10_000_000); // a second commission, still held
    expect(await saveReferralPayoutAccount(friend.userId, nextIp(), { bankCode: GTBANK, accountNumber: "0123452468" })).toMatchObject({
      ok: true,
      refusedReferrals: 1,
    });
    const [binding] = await getDb().select().from(referrals).where(eq(referrals.referredId, friend.userId));
    expect(binding).toMatchObject({ status: "refused", refusal: "same_bank_account" });
    expect((await commissionStatuses(referrer.userId)).sort()).toEqual(["refused", "reversed"]);
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(0);
    const page = await getReferralPage(referrer.userId);
    expect(page.invited[0]).toMatchObject({ refusal: "same_bank_account" });
    expect(await askForBankPayout(referrer.userId)).toMatchObject({ ok: false });
  });

  it("a friend whose marketplace store is paid into the referrer's account is refused at the referrer's payout", async () => {
    const { referrer, friend } = await referrerWithBalance("0123453579");
    await makeSeller("seller", "Emeka's Woodworks", { userId: friend.userId, accountNumber: "0123453579", bankCode: GTBANK });
    expect(await askForBankPayout(referrer.userId)).toMatchObject({ ok: false, error: { field: "amountKobo" } });
    const [binding] = await getDb().select().from(referrals).where(eq(referrals.referredId, friend.userId));
    expect(binding).toMatchObject({ status: "refused", refusal: "same_bank_account" });
    expect(await payoutsOf(referrer.userId)).toEqual([]);
  });

  it("a friend given the referrer's account after the payout was asked for is found before it leaves: the payout is declined, never sent", async () => {
    const declined: number[] = [];
    for (const pay of ["Paystack", "by hand"] as const) {
      const { referrer, friend } = await referrerWithBalance(pay === "Paystack" ? "0123454680" : "0123454691");
      orFail(await askForBankPayout(referrer.userId));
      const [payout] = await payoutsOf(referrer.userId);
      declined.push(payout!.id);
      // The friend opens a marketplace store paid into the referrer's account: saving a store runs no referral check.
      await makeSeller("seller", `${pay} Crafts`, { userId: friend.userId, accountNumber: payout!.accountNumber!, bankCode: GTBANK });
      const sent =
        pay === "Paystack"
          ? await sendReferralPayoutTransfer(admin, payout!.id)
          : await settleReferralPayout(
              admin,
              ZSettlePayout.parse({ payoutId: String(payout!.id), decision: "paid", reference: "GTB-99881" }),
            );
      expect(sent).toMatchObject({ ok: false, error: { code: "conflict", message: expect.stringContaining("This payout was not sent") } });
      const [after] = await payoutsOf(referrer.userId);
      expect(after).toMatchObject({
        status: "declined",
        note: expect.stringContaining("A friend's referral was refused"),
        transferReference: null,
      });
      const [binding] = await getDb().select().from(referrals).where(eq(referrals.referredId, friend.userId));
      expect(binding).toMatchObject({ status: "refused", refusal: "same_bank_account" });
      // The commission taken back and the payout given back: nothing is owed and nothing left.
      expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(0);
      expect(await commissionStatuses(referrer.userId)).toEqual(["reversed"]);
    }
    const sentReferences = paystack.state.transfers.map((t) => t.reference);
    for (const payout of declined) expect(sentReferences).not.toContain(referralTransferReference(payout));
  });

  it("a friend who signs up in a browser the referrer signs in on is refused; another browser is not", async () => {
    const password = "Zavolah-device-1";
    const email = `kunle.${Math.random().toString(36).slice(2, 8)}@example.ng`;
    const { user } = await getAuth().api.signUpEmail({ body: { name: "Kunle Afolabi", email, password } });
    await getDb().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    const headers = browserHeaders();
    headers.set("x-zavolah-device", "dev-kunle-laptop-000001");
    expect(await signIn(email, password, nextIp(), headers)).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect(await hasSignedInOn(getDb(), user.id, "dev-kunle-laptop-000001")).toBe(true));
    const code = await referralCodeFor(user.id);

    const sameBrowser = await registerUser(signUpInput({ name: "Bayo Afolabi" }), nextIp(), {
      referralLinkCode: code,
      deviceId: "dev-kunle-laptop-000001",
    });
    const otherBrowser = await registerUser(signUpInput({ name: "Sade Okafor" }), nextIp(), {
      referralLinkCode: code,
      deviceId: "dev-sade-phone-0000001",
    });
    const bindingOf = async (r: typeof sameBrowser) =>
      (
        await getDb()
          .select()
          .from(referrals)
          .where(eq(referrals.referredId, r.ok ? r.newUserId! : ""))
      )[0];
    expect(await bindingOf(sameBrowser)).toMatchObject({ status: "refused", refusal: "same_device" });
    expect(await bindingOf(otherBrowser)).toMatchObject({ status: "active", refusal: null });
    expect((await getReferralPage(user.id)).joined).toBe(1);
  });
});
