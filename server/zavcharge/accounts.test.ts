import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTION_CODE_PATTERN, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/zavcharge";
import { ZDriverRegistration, ZPinReset, ZPinSignIn } from "@domain/zavcharge/account-input";
import { startFakePaystack } from "../../tests/fakes/paystack";
import { FAKE_SECRETS } from "../../tests/fakes/fake-config";
import type { TFakeProvider } from "../../tests/fakes/fake-provider";
import { checkoutFor, makeUser, uniqueEmail } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { adminAlerts } from "../alerts/schema";
import { users } from "../auth/schema";
import { addZavChargeToCart } from "../cart/add-zavcharge-to-cart";
import { readCart } from "../cart/read-cart";
import { getDb } from "../db/client";
import { env } from "../env";
import { outbox } from "../messaging/schema";
import { orderLinesFromCart, placeOrder } from "../orders/place-order";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { startOnlinePayment } from "../payments/start-online-payment";
import { subscriptions } from "../subscriptions/schema";
import { closeDriverAccount } from "./close-driver-account";
import { findDriverAccountForPinToken, findDriverAccountForUser } from "./find-driver-account";
import { postWalletEntry } from "./post-wallet-entry";
import { registerDriver } from "./register-driver";
import { renewFromWallet } from "./renew-from-wallet";
import { requestPinReset } from "./request-pin-reset";
import { resetPin } from "./reset-pin";
import { zavchargeAccounts, zavchargePlans, zavchargeWalletEntries } from "./schema";
import { signInWithPin } from "./sign-in-with-pin";

// ZavCharge accounts, PINs and the wallet through the one checkout (docs/product/zavcharge.md).

useTestDatabase();

let paystack: TFakeProvider;
beforeAll(async () => {
  paystack = await startFakePaystack({ secretKey: FAKE_SECRETS.paystackKey });
  Object.assign(env, { PAYSTACK_SECRET_KEY: FAKE_SECRETS.paystackKey, PAYSTACK_BASE_URL: paystack.url });
});
afterAll(async () => {
  await paystack?.close();
});

let ipCounter = 0;
/** Each test its own address, so the per-IP limits of one do not reach the next. */
const freshIp = () => `10.9.0.${++ipCounter}`;

function registration(over: Record<string, unknown> = {}) {
  return ZDriverRegistration.parse({
    name: "Chinedu Okeke",
    email: uniqueEmail("chinedu"),
    phone: "0803 555 0101",
    password: "Charge2026!",
    confirmPassword: "Charge2026!",
    pin: "135790",
    confirmPin: "135790",
    agreedToTerms: "on",
    ...over,
  });
}

async function register(over: Record<string, unknown> = {}) {
  const input = registration(over);
  const result = await registerDriver(input, freshIp());
  if (!result.ok) throw result.error;
  return { ...result, email: input.email };
}

const balanceOf = async (code: string) =>
  (await getDb().select({ b: zavchargeAccounts.balanceKobo }).from(zavchargeAccounts).where(eq(zavchargeAccounts.code, code)))[0]!.b;

describe("registering", () => {
  it("opens a site account and a ZavCharge account: id format, Monthly for 30 days, ₦1,000 in the ledger, e-mail and SMS", async () => {
    const r = await register();
    expect(r.code).toMatch(SUBSCRIPTION_CODE_PATTERN);
    expect(r.generatedPin).toBeNull();
    const [user] = await getDb().select().from(users).where(eq(users.email, r.email));
    expect(user).toBeTruthy();
    const driver = await findDriverAccountForUser(user!.id);
    expect(driver).toMatchObject({ code: r.code, state: "active", balanceKobo: WELCOME_CREDIT_KOBO, plan: { code: "monthly" } });
    const days = (driver!.planExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const ledger = await getDb().select().from(zavchargeWalletEntries).where(eq(zavchargeWalletEntries.accountId, driver!.id));
    expect(ledger).toEqual([expect.objectContaining({ kind: "welcome_credit", amountKobo: 100_000, balanceAfterKobo: 100_000 })]);
    const sent = await getDb().select().from(outbox).where(eq(outbox.kind, "zavcharge-welcome"));
    expect(sent.filter((m) => m.recipient === r.email)).toHaveLength(1);
    expect(sent.some((m) => m.channel === "sms" && m.text.includes(r.code) && m.text.includes("₦1,000"))).toBe(true);
    // The PIN is kept as a slow hash, never as typed.
    const [row] = await getDb().select().from(zavchargeAccounts).where(eq(zavchargeAccounts.code, r.code));
    expect(row!.pinHash).toMatch(/^scrypt\$/);
    expect(row!.pinHash).not.toContain("135790");
    // The session opened with it reaches the dashboard.
    expect((await findDriverAccountForPinToken(r.session.token))?.code).toBe(r.code);
  });

  it("generates a 6-digit PIN when none is typed, and it signs in", async () => {
    const r = await register({ pin: "", confirmPin: "" });
    expect(r.generatedPin).toMatch(/^\d{6}$/);
    expect(Number(r.generatedPin)).toBeGreaterThanOrEqual(100_000);
    const signedIn = await signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin: r.generatedPin }), freshIp());
    expect(signedIn.ok).toBe(true);
  });

  it("refuses bad PINs with the messages drivers see", () => {
    const issues = (over: Record<string, unknown>) => {
      const parsed = ZDriverRegistration.safeParse({ ...registration(), email: "a@b.ng", confirmPassword: "Charge2026!", ...over });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(issues({ pin: "12a45", confirmPin: "12a45" })).toContain("PIN must be exactly 6 digits");
    expect(issues({ pin: "123456", confirmPin: "654321" })).toContain("PINs do not match");
    expect(issues({ name: "", email: "", phone: "" })).toContain("Please fill in all required fields");
    expect(ZPinSignIn.safeParse({ subscriptionId: "", pin: "" }).error?.issues[0]?.message).toBe(
      "Please enter both Subscription ID and PIN",
    );
    expect(
      ZPinReset.safeParse({ subscriptionId: "ZAV12345678ABCD", code: "123456", pin: "111111", confirmPin: "222222" }).error?.issues[0]
        ?.message,
    ).toBe("New PINs do not match");
  });

  it("asks an e-mail that already has a site account to sign in first, and creates nothing", async () => {
    const first = await register();
    const before = await getDb().select().from(zavchargeAccounts);
    const again = await registerDriver(registration({ email: first.email }), freshIp());
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/already has a Zavolah account/);
    expect(await getDb().select().from(zavchargeAccounts)).toHaveLength(before.length);
  });
});

describe("PIN sign-in", () => {
  it("says which part is wrong, and locks the id after 5 wrong PINs even for the right one", async () => {
    const r = await register();
    const ip = freshIp();
    const attempt = (pin: string, subscriptionId = r.code) => signInWithPin(ZPinSignIn.parse({ subscriptionId, pin }), ip);
    const unknown = await signInWithPin(ZPinSignIn.parse({ subscriptionId: "ZAV00000000QQQQ", pin: "135790" }), freshIp());
    expect(!unknown.ok && unknown.error.message).toBe("Subscription ID not found");
    for (let i = 0; i < 4; i++) {
      const wrong = await attempt("000000");
      expect(!wrong.ok && wrong.error.message).toBe("Incorrect PIN");
    }
    const fifth = await attempt("000000");
    expect(!fifth.ok && fifth.error.message).toBe("Incorrect PIN");
    // From another address too: the id itself is locked.
    const locked = await signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin: "135790" }), freshIp());
    expect(!locked.ok && locked.error.code).toBe("rate_limited");
    expect(!locked.ok && locked.error.message).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
  });
});

describe("PIN reset", () => {
  const codeIn = async (email: string) => {
    const mails = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "zavcharge-pin-reset"), eq(outbox.recipient, email)));
    return mails.at(-1)?.subject.match(/(\d{6})$/)?.[1] ?? null;
  };

  it("e-mails a one-time code; the code with the new PIN sets it, once, and ends PIN sessions", async () => {
    const r = await register();
    const mismatch = await requestPinReset({ subscriptionId: r.code, email: "someone.else@example.ng" }, freshIp());
    expect(!mismatch.ok && mismatch.error.message).toBe("No account found with this Subscription ID and email");
    expect(await codeIn(r.email)).toBeNull();

    expect((await requestPinReset({ subscriptionId: r.code, email: r.email.toUpperCase().toLowerCase() }, freshIp())).ok).toBe(true);
    const code = await codeIn(r.email);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await resetPin(
      ZPinReset.parse({ subscriptionId: r.code, code: wrongCode, pin: "246802", confirmPin: "246802" }),
      freshIp(),
    );
    expect(wrong.ok).toBe(false);
    const right = await resetPin(ZPinReset.parse({ subscriptionId: r.code, code, pin: "246802", confirmPin: "246802" }), freshIp());
    expect(right.ok).toBe(true);
    expect(await findDriverAccountForPinToken(r.session.token)).toBeNull();
    const reused = await resetPin(ZPinReset.parse({ subscriptionId: r.code, code, pin: "999999", confirmPin: "999999" }), freshIp());
    expect(reused.ok).toBe(false);
    expect((await signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin: "246802" }), freshIp())).ok).toBe(true);
    expect((await signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin: "135790" }), freshIp())).ok).toBe(false);
  });
});

describe("the wallet through checkout", () => {
  it("a Paystack top-up is credited once however often the webhook comes, without VAT", async () => {
    const r = await register();
    const [user] = await getDb().select().from(users).where(eq(users.email, r.email));
    const customer = { userId: user!.id, email: r.email };
    const added = await addZavChargeToCart({ userId: customer.userId }, r.accountId, { kind: "wallet_topup", amountKobo: 500_000 });
    expect(added.ok).toBe(true);
    const cart = await readCart({ userId: customer.userId });
    expect(cart.lines).toEqual([expect.objectContaining({ kind: "wallet_topup", unitPriceKobo: 500_000, ships: false })]);
    const { order } = await placeOrder({
      customer,
      checkout: checkoutFor("Chinedu Okeke", { paymentMethod: "paystack" }),
      lines: orderLinesFromCart(cart.lines),
    });
    expect(order).toMatchObject({ totalKobo: 500_000, vatKobo: 0, shippingKobo: 0 });
    const { reference } = await startOnlinePayment({ orderId: order.id, userId: customer.userId });
    const { webhook } = await paystack.complete(reference, "success", { sendWebhook: false });
    const headers = new Headers(webhook!.headers);
    await Promise.all([handlePaymentWebhook("paystack", webhook!.body, headers), handlePaymentWebhook("paystack", webhook!.body, headers)]);
    await handlePaymentWebhook("paystack", webhook!.body, headers);
    expect(await balanceOf(r.code)).toBe(WELCOME_CREDIT_KOBO + 500_000);
    const topUps = await getDb()
      .select()
      .from(zavchargeWalletEntries)
      .where(and(eq(zavchargeWalletEntries.accountId, r.accountId), eq(zavchargeWalletEntries.kind, "top_up")));
    expect(topUps).toHaveLength(1);
  });

  it("renewing from the wallet debits the price once and extends the plan from its end", async () => {
    const r = await register();
    const [monthly] = await getDb().select().from(zavchargePlans).where(eq(zavchargePlans.code, "monthly"));
    // ₦1,000 is below the ₦15,000 plan: refused, nothing changes.
    const short = await renewFromWallet(r.accountId, { planId: monthly!.id, formKey: "renew-test-key-0001" });
    expect(!short.ok && short.error.message).toMatch(/balance is below/);
    await getDb().update(zavchargeAccounts).set({ balanceKobo: 2_000_000 }).where(eq(zavchargeAccounts.id, r.accountId));
    const [before] = await getDb()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, (await findDriverAccountForPinToken(r.session.token))!.subscriptionId!));
    const renewed = await renewFromWallet(r.accountId, { planId: monthly!.id, formKey: "renew-test-key-0002" });
    expect(renewed.ok).toBe(true);
    const twice = await renewFromWallet(r.accountId, { planId: monthly!.id, formKey: "renew-test-key-0002" });
    expect(twice.ok).toBe(false);
    expect(await balanceOf(r.code)).toBe(500_000);
    const [after] = await getDb().select().from(subscriptions).where(eq(subscriptions.id, before!.id));
    expect(after!.expiresAt.getTime() - before!.expiresAt.getTime()).toBe(30 * 86_400_000);
  });
});

describe("a refunded top-up", () => {
  it("is taken back once, as far as the balance allows, and what was spent is left to staff", async () => {
    const r = await register();
    const [user] = await getDb().select().from(users).where(eq(users.email, r.email));
    const customer = { userId: user!.id, email: r.email };
    await addZavChargeToCart({ userId: customer.userId }, r.accountId, { kind: "wallet_topup", amountKobo: 300_000 });
    const cart = await readCart({ userId: customer.userId });
    const { order } = await placeOrder({
      customer,
      checkout: checkoutFor("Chinedu Okeke", { paymentMethod: "bank_transfer" }),
      lines: orderLinesFromCart(cart.lines),
    });
    const staff = await makeUser("staff", "Funmilayo Adebayo");
    await confirmOfflinePayment({ orderId: order.id, reference: "GTB/TRF/5521", staff });
    expect(await balanceOf(r.code)).toBe(400_000);
    // ₦3,500 spent on charging: ₦500 is left of the ₦4,000.
    await getDb().transaction((tx) =>
      postWalletEntry(tx, {
        accountId: r.accountId,
        kind: "charging",
        amountKobo: -350_000,
        reference: `test-spend:${r.accountId}`,
        description: "Charging",
      }),
    );
    await refundOrderPayment({ orderId: order.id, staff, reason: "Paid twice" });
    expect(await balanceOf(r.code)).toBe(0);
    const refunds = await getDb()
      .select()
      .from(zavchargeWalletEntries)
      .where(and(eq(zavchargeWalletEntries.accountId, r.accountId), eq(zavchargeWalletEntries.kind, "refund")));
    expect(refunds).toEqual([expect.objectContaining({ amountKobo: -50_000, balanceAfterKobo: 0 })]);
    const alerts = await getDb().select().from(adminAlerts).where(eq(adminAlerts.type, "zavcharge_refund_shortfall"));
    expect(alerts.filter((a) => a.message.includes("₦2,500.00"))).toHaveLength(1);
  });
});

describe("closing", () => {
  it("erases the person, keeps the ledger, asks admins to refund, and cannot be done twice", async () => {
    const r = await register();
    await getDb().update(zavchargeAccounts).set({ rfidTag: "04A1B2C3D4" }).where(eq(zavchargeAccounts.id, r.accountId));
    const closed = await closeDriverAccount(r.accountId, { requestRefund: true });
    expect(closed).toMatchObject({ ok: true, balanceKobo: WELCOME_CREDIT_KOBO });
    const [row] = await getDb().select().from(zavchargeAccounts).where(eq(zavchargeAccounts.id, r.accountId));
    expect(row).toMatchObject({ status: "closed", userId: null, name: null, email: null, phone: null, pinHash: null, rfidTag: null });
    expect(await getDb().select().from(zavchargeWalletEntries).where(eq(zavchargeWalletEntries.accountId, r.accountId))).toHaveLength(1);
    expect(
      await getDb()
        .select()
        .from(adminAlerts)
        .where(eq(adminAlerts.dedupeKey, `zavcharge-refund:${r.accountId}`)),
    ).toHaveLength(1);
    expect(await findDriverAccountForPinToken(r.session.token)).toBeNull();
    const again = await closeDriverAccount(r.accountId, { requestRefund: true });
    expect(!again.ok && again.error.message).toBe("This ZavCharge account is already closed.");
  });
});
