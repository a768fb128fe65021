import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { investmentReference } from "@domain/investments/investment-rules";
import { useFakePaystack } from "../../tests/support/fake-paystack";
import { applyToInvest, createTier, idDocumentPdf, investThroughCheckout, makeInvestor } from "../../tests/support/investment-fixtures";
import { orFail } from "../../tests/support/results";
import { checkoutFor, makeUser, startPaymentOrFail } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { addToCart } from "../cart/add-to-cart";
import { cartItems } from "../cart/schema";
import { INVESTMENT_KIND, tierItemRef } from "./investment-purchasable";
import { findOrCreateCart } from "../cart/find-or-create-cart";
import { readCart } from "../cart/read-cart";
import { getDb } from "../db/client";
import { env } from "../env";
import { outbox } from "../messaging/schema";
import { notifications } from "../notifications/schema";
import { orderLinesFromCart, placeOrder } from "../orders/place-order";
import { transitionOrder } from "../orders/transition-order";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { userCapabilities } from "../users/schema";
import { getInvestmentAgreement } from "./get-investment-agreement";
import { getInvestorDashboard } from "./get-investor-dashboard";
import { findInvestorStanding } from "./investor-standing";
import { listInvestmentTiers } from "./list-investment-tiers";
import { reviewInvestorApplication } from "./review-investor-application";
import { investments, investors } from "./schema";

// Applying to invest, staff review, and investing through the one cart and checkout (docs/product/investments.md).

useTestDatabase();
const paystack = useFakePaystack();
afterAll(() => {
  Object.assign(env, { PAYSTACK_SECRET_KEY: undefined });
});

const kinds = async (email: string) => (await getDb().select().from(outbox).where(eq(outbox.recipient, email))).map((m) => m.kind);
const idFiles = async () => readdir(join(env.DATA_DIR, "investments", "ids")).catch(() => [] as string[]);
const investmentsOf = (userId: string) => getDb().select().from(investments).where(eq(investments.userId, userId));

describe("applying to invest", () => {
  it("keeps the application with its ID document, and approval makes the person an investor once", async () => {
    const ada = await makeUser("customer", "Adaeze Okonkwo");
    orFail(await applyToInvest(ada));
    expect(await kinds(ada.email)).toEqual(["investor_application_received"]);
    const { application } = await findInvestorStanding(ada.id);
    expect(application).toMatchObject({ status: "pending", legalName: "Adaeze Okonkwo", idDocumentType: "pdf", accountVerified: true });
    expect(await idFiles()).toContain(application!.idDocumentPath);
    expect((await applyToInvest(ada)).ok).toBe(false);

    // The applicant cannot decide on their own application, even as staff.
    const selfReview = await reviewInvestorApplication(
      { ...ada, role: "staff" },
      { applicationId: application!.id, decision: "approve", note: null },
    );
    expect(selfReview).toMatchObject({ ok: false, error: { code: "forbidden" } });

    const staff = await makeUser("staff", "Funmilayo Adebayo");
    const approved = await reviewInvestorApplication(staff, { applicationId: application!.id, decision: "approve", note: null });
    expect(approved).toMatchObject({ ok: true, status: "approved" });
    const again = await reviewInvestorApplication(staff, { applicationId: application!.id, decision: "approve", note: null });
    expect(again).toMatchObject({ ok: false, error: { message: "This application has already been decided." } });
    expect(await getDb().select().from(investors).where(eq(investors.userId, ada.id))).toHaveLength(1);
    const caps = await getDb().select().from(userCapabilities).where(eq(userCapabilities.userId, ada.id));
    expect(caps.map((c) => c.capability)).toEqual(["investor"]);
    expect(await kinds(ada.email)).toContain("investor_approved");
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.resourceId, application!.id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["investments.application.approve", staff.id]]);
  });

  it("refuses an ID document that is not a photo or a PDF, and keeps nothing", async () => {
    const musa = await makeUser("customer", "Musa Abdullahi");
    const program = new File([Buffer.from("MZ\x90\x00 a program named like a photo")], "nin.jpg", { type: "image/jpeg" });
    const refused = await applyToInvest(musa, {}, program);
    expect(refused).toMatchObject({
      ok: false,
      error: { field: "idDocument", message: "The ID document must be a photo (JPEG, PNG or WebP) or a PDF" },
    });
    expect((await applyToInvest(musa, {}, null)).ok).toBe(false);
    expect(await findInvestorStanding(musa.id)).toMatchObject({ application: null, investor: null });
    // Other test files write ID documents to the same folder meanwhile: none of the stored ones is this program.
    const stored = await Promise.all((await idFiles()).map((f) => readFile(join(env.DATA_DIR, "investments", "ids", f))));
    expect(stored.filter((bytes) => bytes.subarray(0, 2).toString("latin1") === "MZ")).toEqual([]);
  });

  it("asks for more, and the answer replaces the old ID document", async () => {
    const tunde = await makeUser("customer", "Tunde Bakare");
    orFail(await applyToInvest(tunde));
    const first = (await findInvestorStanding(tunde.id)).application!;
    const staff = await makeUser("staff", "Funmilayo Adebayo");
    orFail(
      await reviewInvestorApplication(staff, {
        applicationId: first.id,
        decision: "ask_info",
        note: "The NIN slip is blurred; please send a clearer photo.",
      }),
    );
    orFail(await applyToInvest(tunde, {}, idDocumentPdf()));
    const second = (await findInvestorStanding(tunde.id)).application!;
    expect(second).toMatchObject({ id: first.id, status: "pending" });
    expect(second.idDocumentPath).not.toBe(first.idDocumentPath);
    const files = await idFiles();
    expect(files).toContain(second.idDocumentPath);
    expect(files).not.toContain(first.idDocumentPath);
  });
});

describe("investing through checkout", () => {
  it("by bank transfer: awaiting payment when placed, active once when staff confirm twice, with its agreement", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const tierId = await createTier(admin, { raiseCap: "10,000,000" });
    const investor = await makeInvestor("Chiamaka Eze");
    const placed = orFail(await investThroughCheckout(investor, tierId, 25_000_000));
    expect(placed.order).toMatchObject({ totalKobo: 25_000_000, vatKobo: 0, shippingKobo: 0 });
    const [waiting] = await investmentsOf(investor.id);
    expect(waiting).toMatchObject({ status: "pending_payment", principalKobo: 25_000_000, activatedAt: null });
    expect((await listInvestmentTiers({ openOnly: true })).find((t) => t.id === tierId)).toMatchObject({
      raisedKobo: 25_000_000,
      leftKobo: 975_000_000,
    });
    const reference = investmentReference(waiting!.id, waiting!.placedAt);
    expect(await getInvestmentAgreement(investor, reference)).toMatchObject({ ok: false });

    const staff = await makeUser("staff", "Funmilayo Adebayo");
    orFail(await confirmOfflinePayment({ orderId: placed.order.id, reference: "GTB/TRF/88120", staff }));
    orFail(await confirmOfflinePayment({ orderId: placed.order.id, reference: "GTB/TRF/88120", staff }));
    const [active] = await investmentsOf(investor.id);
    expect(active).toMatchObject({ status: "active" });
    expect(active!.maturesAt!.getTime()).toBeGreaterThan(active!.activatedAt!.getTime() + 360 * 86_400_000);
    expect((await kinds(investor.email)).filter((k) => k === "investment_active")).toHaveLength(1);
    const told = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, investor.id), eq(notifications.type, "investment")));
    expect(told).toHaveLength(1);
    expect(told[0]!.metadata).toMatchObject({ amount: 25_000_000, expectedROI: 14, reference });

    const agreement = orFail(await getInvestmentAgreement(investor, reference)).agreement;
    expect(agreement).toMatchObject({ reference, principalKobo: 25_000_000, investor: { legalName: "Chiamaka Eze" } });
    // Another investor cannot have it, nor a reference with the wrong year; staff can.
    const other = await makeInvestor("Bola Ahmed");
    expect(await getInvestmentAgreement(other, reference)).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await getInvestmentAgreement(investor, reference.replace(/-20\d\d-/, "-2019-"))).toMatchObject({ ok: false });
    expect((await getInvestmentAgreement(staff, reference)).ok).toBe(true);

    const dashboard = await getInvestorDashboard(investor.id);
    expect(dashboard.principalByTier).toEqual([{ tierId, tierName: expect.any(String), principalKobo: 25_000_000 }]);
    expect(dashboard.investments[0]).toMatchObject({ reference, status: "active", hasAgreement: true });
    expect(dashboard.investments[0]!.nextDistributionAt).not.toBeNull();
  });

  it("by Paystack: the same webhook twice activates the investment once", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const tierId = await createTier(admin);
    const investor = await makeInvestor("Ifeanyi Okafor");
    const { order } = orFail(await investThroughCheckout(investor, tierId, 10_000_000, { paymentMethod: "paystack" }));
    const started = await startPaymentOrFail({ orderId: order.id, userId: investor.id });
    const { webhook } = await paystack.complete(started.reference, "success", { sendWebhook: false });
    const headers = new Headers(webhook!.headers);
    const first = await handlePaymentWebhook("paystack", webhook!.body, headers);
    const second = await handlePaymentWebhook("paystack", webhook!.body, headers);
    expect([first.body, second.body]).toEqual([
      { ok: true, outcome: "paid" },
      { ok: true, outcome: "duplicate" },
    ]);
    expect((await investmentsOf(investor.id)).map((i) => i.status)).toEqual(["active"]);
    expect((await kinds(investor.email)).filter((k) => k === "investment_active")).toHaveLength(1);
  });

  it("refuses amounts outside the tier, over the yearly allowance or beyond the raise, and changes nothing", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const tierId = await createTier(admin, { min: "50,000", max: "200,000", raiseCap: "300,000" });
    // Below ₦2.4 million a year: ₦120,000 may go in this year.
    const small = await makeInvestor("Halima Sule", "under_2_4m");
    const over = await addToCart({ userId: small.id }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo: 15_000_000 });
    expect(over).toMatchObject({ ok: false, error: { message: expect.stringContaining("10% of your yearly income") } });
    const below = await addToCart({ userId: small.id }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo: 1_000_000 });
    expect(below).toMatchObject({ ok: false, error: { message: expect.stringContaining("at least ₦50,000") } });
    expect((await readCart({ userId: small.id })).lines).toEqual([]);

    // The first investor's unpaid order holds ₦200,000 of the ₦300,000 raise; the next may put in ₦100,000 at most.
    const big = await makeInvestor("Olumide Bankole", "over_60m");
    orFail(await investThroughCheckout(big, tierId, 20_000_000));
    const late = await makeInvestor("Ngozi Eze", "over_60m");
    const beyond = await addToCart({ userId: late.id }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo: 15_000_000 });
    expect(beyond).toMatchObject({ ok: false, error: { message: expect.stringContaining("₦100,000 left to raise") } });

    // A tampered cart line (an amount below the tier's smallest) is refused at checkout.
    const { cartId } = await findOrCreateCart({ userId: late.id }, getDb());
    await getDb()
      .insert(cartItems)
      .values({ cartId, kind: "investment", itemRef: `tier-${tierId}`, amountKobo: 100, quantity: 1 });
    const cart = await readCart({ userId: late.id });
    const tampered = await placeOrder({
      customer: { userId: late.id, email: late.email },
      checkout: checkoutFor(late.name),
      lines: orderLinesFromCart(cart.lines),
    });
    expect(tampered).toMatchObject({ ok: false, error: { message: expect.stringContaining("at least ₦50,000") } });
    expect(await investmentsOf(late.id)).toEqual([]);
  });

  it("refuses a person who is not a checked investor, even an admin", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const tierId = await createTier(admin);
    const refused = await addToCart({ userId: admin.id }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo: 10_000_000 });
    expect(refused).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const guest = await addToCart({ guestCartId: null }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo: 10_000_000 });
    expect(guest).toMatchObject({ ok: false, error: { code: "unauthenticated" } });
  });

  it("an unpaid order cancelled gives its part of the raise back", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const tierId = await createTier(admin, { raiseCap: "200,000", max: "200,000" });
    const first = await makeInvestor("Yetunde Adewale", "over_60m");
    const { order } = orFail(await investThroughCheckout(first, tierId, 20_000_000));
    const second = await makeInvestor("Emeka Obi", "over_60m");
    expect(
      (await addToCart({ userId: second.id }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo: 5_000_000 })).ok,
    ).toBe(false);
    await getDb().transaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: "cancelled", actorLabel: "System", note: "Payment window ended" }),
    );
    expect((await investmentsOf(first.id)).map((i) => i.status)).toEqual(["cancelled"]);
    expect(
      (await addToCart({ userId: second.id }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo: 5_000_000 })).ok,
    ).toBe(true);
  });

  it("two checkouts of one investor at once (two tabs) cannot together pass the yearly allowance", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const [first, second] = [await createTier(admin), await createTier(admin)];
    // ₦6,000,000 to ₦12,000,000 a year: ₦600,000 may go in; each tab asks ₦400,000 in a different tier.
    const investor = await makeInvestor("Folake Adeyemi", "6m_to_12m");
    const lineFor = (tierId: number) => ({ kind: "investment", itemRef: `tier-${tierId}`, amountKobo: 40_000_000, quantity: 1 });
    const place = (tierId: number) =>
      placeOrder({
        customer: { userId: investor.id, email: investor.email },
        checkout: checkoutFor(investor.name),
        lines: [lineFor(tierId)],
      });
    const answers = await Promise.all([place(first), place(second)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ error: { message: expect.stringContaining("10% of your yearly income") } });
    expect(await investmentsOf(investor.id)).toHaveLength(1);
  });

  it("a paid investment refunded before any distribution ends as cancelled and frees its part of the raise", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const tierId = await createTier(admin, { raiseCap: "300,000", max: "300,000" });
    const investor = await makeInvestor("Sadiq Bello", "over_60m");
    const { order } = orFail(await investThroughCheckout(investor, tierId, 30_000_000));
    const staff = await makeUser("staff", "Funmilayo Adebayo");
    orFail(await confirmOfflinePayment({ orderId: order.id, reference: `GTB-${Date.now()}`, staff }));
    orFail(await refundOrderPayment({ orderId: order.id, staff, reason: "Paid into the wrong tier" }));
    expect((await investmentsOf(investor.id)).map((i) => i.status)).toEqual(["cancelled"]);
    expect((await listInvestmentTiers({ openOnly: false })).find((t) => t.id === tierId)).toMatchObject({ raisedKobo: 0 });
  });
});
