import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useFakePaystack } from "../../tests/support/fake-paystack";
import { listProduct, makeSeller } from "../../tests/support/marketplace-fixtures";
import { orFail } from "../../tests/support/results";
import {
  checkoutFor,
  createCustomer,
  createTestProduct,
  makeUser,
  placeOrderOrFail,
  startPaymentOrFail,
} from "../../tests/support/store-fixtures";
import { paidCourse as paidCourseAs, payByTransfer as payByTransferAs, referrerAndFriend } from "../../tests/support/referral-fixtures";
import { createSession } from "../../tests/support/sessions";
import { useTestDatabase } from "../../tests/support/test-database";
import { balanceOf, createTestDriver } from "../../tests/support/zavcharge-fixtures";
import { auditLog } from "../audit/schema";
import { sessions } from "../auth/schema";
import { getDb } from "../db/client";
import { notifications } from "../notifications/schema";
import type { TOrderLineInput } from "../orders/place-order";
import { subOrders } from "../orders/schema";
import { updateOrderStatus } from "../orders/update-order-status";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { refundSubOrderPayment } from "../payments/refund-sub-order-payment";
import { updateSettings } from "../settings/update-settings";
import { getProfile } from "../users/get-profile";
import { zavchargeWalletEntries } from "../zavcharge/schema";
import { approveHeldCommissions } from "./approve-held-commissions";
import { bindReferral } from "./bind-referral";
import { getReferralPage } from "./get-referral-page";
import { getReferralProgramme, getReferrerLedger } from "./get-referral-programme";
import { payOutReferralBalance } from "./pay-out-referral-balance";
import { referralBalanceKobo } from "./referral-balance";
import { referralCodeFor } from "./referral-code-for";
import { reviewFlaggedReferral } from "./review-flagged-referral";
import { referralCommissions, referrals } from "./schema";

// Commissions on a referred customer's paid orders (docs/product/refer-and-earn.md#commissions): recorded once, held,
// approved, reversed by refunds, paid out to the wallet.

useTestDatabase();

const DAY = 86_400_000;
const paystack = useFakePaystack();
let staff: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  staff = await makeUser("staff", "Tunde Bakare");
  admin = await makeUser("admin", "Adaeze Okonkwo");
});

const buy = (buyer: { userId: string; email: string; name: string }, lines: TOrderLineInput[], over = {}) =>
  placeOrderOrFail({ customer: buyer, checkout: checkoutFor(buyer.name, over), lines });

async function payByPaystackTwice(orderId: string, userId: string) {
  const { reference } = await startPaymentOrFail({ orderId, userId });
  const { webhook } = await paystack.complete(reference, "success", { sendWebhook: false });
  await Promise.all([
    handlePaymentWebhook("paystack", webhook!.body, new Headers(webhook!.headers)),
    handlePaymentWebhook("paystack", webhook!.body, new Headers(webhook!.headers)),
  ]);
  await handlePaymentWebhook("paystack", webhook!.body, new Headers(webhook!.headers));
}

const payByTransfer = (orderId: string) => payByTransferAs(orderId, staff);

const commissionsOf = (referrerId: string) =>
  getDb().select().from(referralCommissions).where(eq(referralCommissions.referrerId, referrerId)).orderBy(referralCommissions.id);

const paidCourse = (friend: { userId: string; email: string; name: string }, priceKobo?: number) => paidCourseAs(friend, staff, priceKobo);

describe("a commission on a referred customer's paid order", () => {
  it("is recorded once per line however often Paystack's webhook repeats, on the lines net of VAT, delivery and discount", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const { variant } = await createTestProduct({ priceKobo: 12_000_000, onHand: 10 });
    const seller = await makeSeller("seller", "Musa Danjuma");
    const desk = await listProduct(seller, { priceKobo: 3_333_333, stock: 5 });
    const { order } = await buy(
      friend,
      [
        { variantId: variant.id, quantity: 1 },
        { kind: "listing", listingId: desk.id, quantity: 1 },
      ],
      {
        paymentMethod: "paystack",
      },
    );
    expect(order.vatKobo).toBeGreaterThan(0);
    await payByPaystackTwice(order.id, friend.userId);

    const rows = await commissionsOf(referrer.userId);
    // 5% of ₦120,000 and of ₦33,333.33 (1,666,666.65 kobo, rounded down); VAT and delivery earn nothing.
    expect(rows.map((c) => [c.baseKobo, c.ratePercent, c.amountKobo, c.status])).toEqual([
      [12_000_000, 5, 600_000, "pending"],
      [3_333_333, 5, 166_666, "pending"],
    ]);
    const told = await getDb().select().from(notifications).where(eq(notifications.userId, referrer.userId));
    expect(told.map((n) => n.title)).toEqual(
      expect.arrayContaining(["A friend joined with your link", "You earned a referral commission"]),
    );
    expect(told.find((n) => n.title === "You earned a referral commission")!.message).toMatch(/^₦7,666\.66 from a friend's order/);
  });

  it("is not earned outside the window after joining, by a refused binding, or with the programme off", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 10 });

    await updateSettings(admin.id, { referralWindowMonths: 1 });
    await getDb().execute(`update referrals set bound_at = now() - interval '40 days' where referred_id = '${friend.userId}'` as never);
    const late = await buy(friend, [{ variantId: variant.id, quantity: 1 }]);
    await payByTransfer(late.order.id);
    await updateSettings(admin.id, { referralWindowMonths: 12 });

    await updateSettings(admin.id, { referEarnEnabled: false });
    const off = await buy(friend, [{ variantId: variant.id, quantity: 1 }]);
    await payByTransfer(off.order.id);
    await updateSettings(admin.id, { referEarnEnabled: true });
    expect(await commissionsOf(referrer.userId)).toEqual([]);

    // The referrer's own phone: bound as refused, earns nothing.
    const twin = await createCustomer("Funmilayo Adeyemi");
    await getDb().execute(`update users set phone = '+2348099990000' where id in ('${twin.userId}', '${referrer.userId}')` as never);
    expect(await bindReferral(twin.userId, await referralCodeFor(referrer.userId), "code")).toEqual({ status: "refused" });
    const own = await buy(twin, [{ variantId: variant.id, quantity: 1 }]);
    await payByTransfer(own.order.id);
    expect(await commissionsOf(referrer.userId)).toEqual([]);
  });
});

describe("the hold, approval and refunds", () => {
  it("approves a course's commission when the refund window after payment closes, not before", async () => {
    const { referrer, friend } = await referrerAndFriend();
    await paidCourse(friend);
    await approveHeldCommissions(new Date(Date.now() + 13 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => c.status)).toEqual(["pending"]);
    await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
    await approveHeldCommissions(new Date(Date.now() + 16 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => c.status)).toEqual(["approved"]);
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(750_000);
  });

  it("waits for goods to be delivered, and counts the window from delivery", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const { variant } = await createTestProduct({ priceKobo: 4_000_000, onHand: 10 });
    const { order } = await buy(friend, [{ variantId: variant.id, quantity: 1 }]);
    await payByTransfer(order.id);
    await approveHeldCommissions(new Date(Date.now() + 60 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => c.status)).toEqual(["pending"]);
    for (const to of ["processing", "shipped", "delivered"] as const) orFail(await updateOrderStatus(staff, { orderId: order.id, to }));
    await approveHeldCommissions(new Date(Date.now() + 13 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => c.status)).toEqual(["pending"]);
    await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => [c.status, c.amountKobo])).toEqual([["approved", 200_000]]);
  });

  it("is reversed by a refund before approval, and never approved after", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const order = await paidCourse(friend);
    orFail(await refundOrderPayment({ orderId: order.id, staff }));
    await approveHeldCommissions(new Date(Date.now() + 30 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => [c.status, c.note])).toEqual([["reversed", "The order was refunded"]]);
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(0);
  });

  it("reverses only the refunded seller's part of an order", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const { variant } = await createTestProduct({ priceKobo: 10_000_000, onHand: 10 });
    const seller = await makeSeller("seller", "Musa Danjuma");
    const desk = await listProduct(seller, { priceKobo: 3_000_000, stock: 5 });
    const { order } = await buy(friend, [
      { variantId: variant.id, quantity: 1 },
      { kind: "listing", listingId: desk.id, quantity: 1 },
    ]);
    await payByTransfer(order.id);
    const [part] = await getDb()
      .select()
      .from(subOrders)
      .where(and(eq(subOrders.orderId, order.id), eq(subOrders.sellerId, seller.sellerId)));
    orFail(await refundSubOrderPayment({ subOrderId: part!.id, staff }));
    expect((await commissionsOf(referrer.userId)).map((c) => [c.amountKobo, c.status])).toEqual([
      [500_000, "pending"],
      [150_000, "reversed"],
    ]);
  });
});

describe("payouts to the ZavCharge wallet", () => {
  it("pays the whole balance once, even from two tabs; a refund after payout leaves the balance below zero", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const order = await paidCourse(friend, 20_000_000);
    await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(1_000_000);
    // A qualified friend is worth 10 points on the profile.
    expect((await getProfile(referrer.userId))!.points).toBe(10);

    const answers = await Promise.all([
      payOutReferralBalance(referrer.userId, { amountKobo: "1000000", destination: "wallet" }),
      payOutReferralBalance(referrer.userId, { amountKobo: "1000000", destination: "wallet" }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ error: { message: "You have no approved commission to pay out yet." } });
    expect(await balanceOf(referrer.accountId)).toBe(1_000_000);
    const entries = await getDb().select().from(zavchargeWalletEntries).where(eq(zavchargeWalletEntries.accountId, referrer.accountId));
    expect(entries.map((e) => [e.kind, e.amountKobo])).toEqual([["referral_payout", 1_000_000]]);
    expect((await commissionsOf(referrer.userId)).map((c) => c.status)).toEqual(["paid"]);

    orFail(await refundOrderPayment({ orderId: order.id, staff }));
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(-1_000_000);
    const page = await getReferralPage(referrer.userId);
    expect(page).toMatchObject({ balanceKobo: -1_000_000, qualified: 0, totalsByStatus: { reversed: 1_000_000 } });
    expect(page.payouts).toHaveLength(1);

    // The next commission makes up for it first, and settles with the programme switched off.
    await paidCourse(friend, 30_000_000);
    await updateSettings(admin.id, { referEarnEnabled: false });
    try {
      await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
    } finally {
      await updateSettings(admin.id, { referEarnEnabled: true });
    }
    expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(500_000);

    // The admin's view of the same ledger: approved, payout, reversal, approved, with the balance after each.
    const ledger = await getReferrerLedger(referrer.email.toUpperCase());
    expect(ledger!.entries.map((e) => [e.kind, e.amountKobo, e.balanceAfterKobo])).toEqual([
      ["approved", 1_500_000, 500_000],
      ["reversed", -1_000_000, -1_000_000],
      ["payout", -1_000_000, 0],
      ["approved", 1_000_000, 1_000_000],
    ]);
    const programme = await getReferralProgramme();
    expect(programme.paidKobo).toBeGreaterThanOrEqual(1_000_000);
    expect(programme.top.map((t) => t.email)).toContain(referrer.email);
    expect(await getReferrerLedger("nobody@example.ng")).toBeNull();
  });

  it("refuses tampered amounts, too little, too few qualified friends and no wallet, changing nothing", async () => {
    const { referrer, friend } = await referrerAndFriend();
    await paidCourse(friend, 8_000_000);
    expect(await payOutReferralBalance(referrer.userId, { amountKobo: "400000", destination: "wallet" })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Payouts open once 1 friend has made a purchase/) },
    });
    await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
    expect(await payOutReferralBalance(referrer.userId, { amountKobo: "400000", destination: "wallet" })).toMatchObject({
      ok: false,
      error: { status: 409, message: "Your balance is ₦4,000.00; payouts start at ₦5,000.00." },
    });
    await updateSettings(admin.id, { referralMinPayout: 100_000 });
    try {
      for (const tampered of [{ amountKobo: "40000000" }, { amountKobo: "-5" }, { amountKobo: "lots" }, { destination: "bank" }]) {
        const answer = await payOutReferralBalance(referrer.userId, { amountKobo: "400000", destination: "wallet", ...tampered });
        expect(answer.ok).toBe(false);
        expect(answer.ok ? 0 : answer.error.status).toBeGreaterThanOrEqual(400);
      }
      const someoneElse = await createCustomer("Kunle Afolabi");
      expect(await payOutReferralBalance(someoneElse.userId, { amountKobo: "400000", destination: "wallet" })).toMatchObject({ ok: false });
      expect(await balanceOf(referrer.accountId)).toBe(0);
      expect(await referralBalanceKobo(getDb(), referrer.userId)).toBe(400_000);

      // Without a ZavCharge account there is no wallet to pay into.
      const walletless = await createCustomer("Halima Bello");
      const newFriend = await createCustomer("Sani Musa");
      await bindReferral(newFriend.userId, await referralCodeFor(walletless.userId), "link");
      await paidCourse(newFriend, 8_000_000);
      await approveHeldCommissions(new Date(Date.now() + 15 * DAY));
      expect(await payOutReferralBalance(walletless.userId, { amountKobo: "400000", destination: "wallet" })).toMatchObject({
        ok: false,
        error: { field: "destination", message: expect.stringMatching(/You need a ZavCharge account/) },
      });
    } finally {
      await updateSettings(admin.id, { referralMinPayout: 500_000 });
    }
  });
});

describe("fraud checks", () => {
  const statusOf = async (referredId: string) => (await getDb().select().from(referrals).where(eq(referrals.referredId, referredId)))[0]!;

  it("flags a friend who joins from the referrer's own network; their commission waits until staff approve it", async () => {
    const referrer = await createTestDriver({ balanceKobo: 0, name: "Funmilayo Adeyemi" });
    const { sessionId } = await createSession(referrer.userId);
    await getDb().update(sessions).set({ ipAddress: "102.89.34.17" }).where(eq(sessions.id, sessionId));
    const code = await referralCodeFor(referrer.userId);
    const friend = await createCustomer("Emeka Nwachukwu");
    expect(await bindReferral(friend.userId, code, "link", "102.89.34.17")).toEqual({ status: "flagged" });
    expect(await statusOf(friend.userId)).toMatchObject({ flag: "same_network", signupIpHash: expect.not.stringContaining("102.89") });

    await paidCourse(friend);
    await approveHeldCommissions(new Date(Date.now() + 30 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => c.status)).toEqual(["pending"]);
    expect((await getReferralPage(referrer.userId)).invited[0]!.state).toBe("under_review");

    const customer = await makeUser("customer", "Kunle Afolabi");
    expect(await reviewFlaggedReferral(customer, { referralId: (await statusOf(friend.userId)).id, decision: "approve" })).toMatchObject({
      ok: false,
      error: { status: 403 },
    });
    const other = await makeUser("staff", "Halima Bello");
    const id = (await statusOf(friend.userId)).id;
    const answers = await Promise.all([
      reviewFlaggedReferral(staff, { referralId: String(id), decision: "approve", reason: "" }),
      reviewFlaggedReferral(other, { referralId: String(id), decision: "refuse", reason: "Same household" }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ error: { status: 409, message: expect.stringMatching(/decided it already/) } });
    const decided = await statusOf(friend.userId);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "referral"), eq(auditLog.resourceId, String(id))));
    expect(audit).toHaveLength(1);
    await approveHeldCommissions(new Date(Date.now() + 30 * DAY));
    expect((await commissionsOf(referrer.userId)).map((c) => c.status)).toEqual([decided.status === "active" ? "approved" : "refused"]);
  });

  it("refuses a flagged referral only with a reason, and refuses its held commissions", async () => {
    const referrer = await createTestDriver({ balanceKobo: 0, name: "Funmilayo Adeyemi" });
    const code = await referralCodeFor(referrer.userId);
    const ip = `41.58.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const people = [];
    for (const name of ["Ada Obi", "Bola Ade", "Chike Eze"]) {
      const person = await createCustomer(name);
      people.push({ person, bound: await bindReferral(person.userId, code, "code", ip) });
    }
    // The third sign-up from one address within the hour is flagged; the first two are not (yet).
    expect(people.map((p) => p.bound?.status)).toEqual(["active", "active", "flagged"]);
    const third = people[2]!.person;
    expect(await statusOf(third.userId)).toMatchObject({ flag: "signup_burst" });
    await paidCourse(third);
    const id = String((await statusOf(third.userId)).id);
    expect(await reviewFlaggedReferral(staff, { referralId: id, decision: "refuse", reason: " " })).toMatchObject({
      ok: false,
      error: { status: 400, field: "reason" },
    });
    expect(
      await reviewFlaggedReferral(staff, { referralId: id, decision: "refuse", reason: "Three accounts from one phone shop" }),
    ).toMatchObject({
      ok: true,
      refusedKobo: 750_000,
    });
    expect(await statusOf(third.userId)).toMatchObject({ status: "refused", refusal: "staff", reviewedBy: staff.id });
    expect((await commissionsOf(referrer.userId)).map((c) => [c.status, c.note])).toEqual([
      ["refused", "Three accounts from one phone shop"],
    ]);
  });

  it("does not flag sign-ups whose address cannot tell people apart (loopback, unknown)", async () => {
    const referrer = await createCustomer("Funmilayo Adeyemi");
    const code = await referralCodeFor(referrer.userId);
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "unknown", null, "127.0.0.1"]) {
      const person = await createCustomer("Ada Obi");
      expect(await bindReferral(person.userId, code, "link", ip)).toEqual({ status: "active" });
    }
  });
});
