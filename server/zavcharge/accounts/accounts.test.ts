import { orFail } from "../../../tests/support/results";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PIN_SESSION_REFUSALS, SUBSCRIPTION_CODE_PATTERN, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { ZDriverRegistration, ZJoinZavCharge, ZPinReset, ZPinSignIn } from "@domain/zavcharge/accounts/account-input";
import { useFakePaystack } from "../../../tests/support/fake-paystack";
import { browserThatAsked, confirmationTokenFor, otherBrowser } from "../../../tests/support/sessions";
import { checkoutFor, makeUser, uniquePhone, placeOrderOrFail, startPaymentOrFail } from "../../../tests/support/store-fixtures";
import { driverRegistration } from "../../../tests/support/registration-fixtures";
import { createTestDriver, createTestStation } from "../../../tests/support/zavcharge-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { adminAlerts } from "../../alerts/schema";
import { confirmEmail } from "../../auth/confirm-email";
import { requestPasswordReset } from "../../auth/request-password-reset";
import { resetPassword } from "../../auth/reset-password";
import { PIN_TRIES_PER_ID } from "../../auth/rate-limits";
import { users } from "../../auth/schema";
import { addToCart } from "../../cart/add-to-cart";
import { readCart } from "../../cart/read-cart";
import { getDb } from "../../db/client";
import { outbox } from "../../messaging/schema";
import { orderLinesFromCart } from "../../orders/place-order";
import { confirmOfflinePayment } from "../../payments/confirm-offline-payment";
import { handlePaymentWebhook } from "../../payments/handle-webhook";
import { refundOrderPayment } from "../../payments/refund-order-payment";
import { subscriptions } from "../../subscriptions/schema";
import { closeDriverAccount } from "./close-driver-account";
import { findDriverAccountForPinToken, findDriverAccountForUser } from "./find-driver-account";
import { joinZavCharge } from "../join-zavcharge";
import { postWalletEntry } from "../wallet/post-wallet-entry";
import { prunePendingRegistrations } from "./prune-pending-registrations";
import { registerDriver } from "./register-driver";
import { renewFromWallet } from "../wallet/renew-from-wallet";
import { requestPinReset } from "./request-pin-reset";
import { resetPin } from "./reset-pin";
import { zavchargeAccounts, zavchargePendingRegistrations, zavchargePlans } from "./schema";
import { zavchargeWalletEntries } from "../wallet/schema";
import { signInWithPin } from "./sign-in-with-pin";
import { startAttendedSession } from "../sessions/start-attended-session";
import { isPinSignInPaused, unlockPinSignIn } from "./unlock-pin-sign-in";
import { updateDriverDetails } from "./update-driver-details";

// ZavCharge accounts, PINs and the wallet through the one checkout (docs/product/zavcharge.md).

useTestDatabase();

const paystack = useFakePaystack();
let ipCounter = 0;
/** Each test its own address, so the per-IP limits of one do not reach the next. */
const freshIp = () => `10.9.0.${++ipCounter}`;

const registration = driverRegistration;

/** Confirms the address from the e-mailed link in the browser that registered; the ZavCharge account it opened. */
async function confirmFromMail(email: string) {
  const confirmed = await confirmEmail(await confirmationTokenFor(email), { browser: browserThatAsked(email), ip: freshIp() });
  if (!confirmed.ok || !("zavcharge" in confirmed)) throw new Error(`not confirmed: ${JSON.stringify(confirmed)}`);
  return confirmed.zavcharge;
}

/** A driver registered in the ZavCharge context and confirmed, signed in with their PIN. */
async function register(over: Record<string, unknown> = {}) {
  const input = registration(over);
  const result = await registerDriver(input, freshIp());
  if (!result.ok) throw result.error;
  const opened = await confirmFromMail(input.email);
  if (!opened) throw new Error("the ZavCharge account did not open");
  const session = await signInWithPin(ZPinSignIn.parse({ subscriptionId: opened.code, pin: input.pin || opened.generatedPin }), freshIp());
  if (!session.ok) throw session.error;
  return { ...opened, session, email: input.email, phone: input.phone };
}

const balanceOf = async (code: string) =>
  (await getDb().select({ b: zavchargeAccounts.balanceKobo }).from(zavchargeAccounts).where(eq(zavchargeAccounts.code, code)))[0]!.b;

const userIdOf = async (email: string) => (await getDb().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe("registering", () => {
  it("opens nothing before the e-mail is confirmed: no account, credit, plan, PIN session or SMS", async () => {
    const input = registration();
    expect(await registerDriver(input, freshIp())).toEqual({ ok: true });
    const userId = await userIdOf(input.email);
    expect(await findDriverAccountForUser(userId)).toBeNull();
    expect(await getDb().select().from(zavchargeAccounts).where(eq(zavchargeAccounts.email, input.email))).toHaveLength(0);
    const sent = await getDb().select().from(outbox).where(eq(outbox.recipient, input.phone));
    expect(sent).toHaveLength(0);
    // The PIN waits as a slow hash, never as typed.
    const [pending] = await getDb().select().from(zavchargePendingRegistrations).where(eq(zavchargePendingRegistrations.userId, userId));
    expect(pending!.pinHash).toMatch(/^scrypt\$/);
    // Never confirmed: after 7 days it goes, with the name and phone.
    expect(await prunePendingRegistrations(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await prunePendingRegistrations(new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(zavchargePendingRegistrations).where(eq(zavchargePendingRegistrations.userId, userId))).toEqual([]);
  });

  it("opens the account on confirmation: id format, Monthly for 30 days, ₦1,000 in the ledger, e-mail and SMS", async () => {
    const r = await register();
    expect(r.code).toMatch(SUBSCRIPTION_CODE_PATTERN);
    expect(r.generatedPin).toBeNull();
    const driver = await findDriverAccountForUser(await userIdOf(r.email));
    expect(driver).toMatchObject({ code: r.code, state: "active", balanceKobo: WELCOME_CREDIT_KOBO, plan: { code: "monthly" } });
    const days = (driver!.planExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const ledger = await getDb().select().from(zavchargeWalletEntries).where(eq(zavchargeWalletEntries.accountId, driver!.id));
    expect(ledger).toEqual([expect.objectContaining({ kind: "welcome_credit", amountKobo: 100_000, balanceAfterKobo: 100_000 })]);
    const sent = await getDb().select().from(outbox).where(eq(outbox.kind, "zavcharge-welcome"));
    expect(sent.filter((m) => m.recipient === r.email)).toHaveLength(1);
    expect(sent.some((m) => m.channel === "sms" && m.recipient === r.phone && m.text.includes(r.code) && m.text.includes("₦1,000"))).toBe(
      true,
    );
    const [row] = await getDb().select().from(zavchargeAccounts).where(eq(zavchargeAccounts.code, r.code));
    expect(row!.pinHash).toMatch(/^scrypt\$/);
    expect(row!.pinHash).not.toContain("135790");
    expect((await findDriverAccountForPinToken(r.session.token))?.code).toBe(r.code);
    const userId = await userIdOf(r.email);
    expect(await getDb().select().from(zavchargePendingRegistrations).where(eq(zavchargePendingRegistrations.userId, userId))).toEqual([]);
  });

  it("generates a 6-digit PIN when none is typed, shown at confirmation, and it signs in", async () => {
    const r = await register({ pin: "", confirmPin: "" });
    expect(r.generatedPin).toMatch(/^\d{6}$/);
    expect(Number(r.generatedPin)).toBeGreaterThanOrEqual(100_000);
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

  it("answers a known address as a new one, attaches nothing to it, and tells its owner how to join", async () => {
    const owner = await makeUser("customer", "Bisi Adewale");
    const before = await getDb().select().from(zavchargeAccounts);
    const again = await registerDriver(registration({ email: owner.email }), freshIp());
    expect(again).toEqual({ ok: true });
    expect(await getDb().select().from(zavchargeAccounts)).toHaveLength(before.length);
    expect(await getDb().select().from(zavchargePendingRegistrations).where(eq(zavchargePendingRegistrations.userId, owner.id))).toEqual(
      [],
    );
    const [told] = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, owner.email), eq(outbox.kind, "account-exists")));
    expect(told!.text).toContain("/zavcharge?login=true&returnTo=%2Fzavcharge%2Fjoin");
  });

  it("a stranger's registration with someone else's address never gives them that person's ZavCharge account", async () => {
    // The stranger chose the password, PIN and phone; the owner of the address resets the password to get in.
    const input = registration({ pin: "424242", confirmPin: "424242" });
    await registerDriver(input, freshIp());
    const token = await confirmationTokenFor(input.email);
    // The owner opens the link in their own browser: without the stranger's password nothing is confirmed.
    expect(await confirmEmail(token, { browser: otherBrowser(), ip: freshIp() })).toEqual({ ok: true, passwordNeeded: true });
    await requestPasswordReset(input.email, freshIp(), null);
    const resetToken = /\/reset-password\?token=([^\s&]+)/.exec(
      (
        await getDb()
          .select()
          .from(outbox)
          .where(and(eq(outbox.recipient, input.email), eq(outbox.kind, "password-reset")))
      )[0]!.text,
    )![1]!;
    expect((await resetPassword(decodeURIComponent(resetToken), "Owner-Chose-This-1")).ok).toBe(true);
    const userId = await userIdOf(input.email);
    const pending = () => getDb().select().from(zavchargePendingRegistrations).where(eq(zavchargePendingRegistrations.userId, userId));
    await expect.poll(async () => (await pending()).length).toBe(0);
    const confirmed = await confirmEmail(token, { browser: otherBrowser(), ip: freshIp(), password: "Owner-Chose-This-1" });
    expect(confirmed).toMatchObject({ ok: true, alreadyConfirmed: false, zavcharge: null });
    expect(await findDriverAccountForUser(userId)).toBeNull();
  });
});

describe("the welcome credit and free plan", () => {
  const welcomeCredits = async () =>
    (await getDb().select().from(zavchargeWalletEntries).where(eq(zavchargeWalletEntries.kind, "welcome_credit"))).length;

  it("go once per person: closing and joining again, with the same account, e-mail or phone, brings neither back", async () => {
    const customer = await makeUser("customer", "Kelechi Nwankwo");
    const phone = uniquePhone();
    const join = () => joinZavCharge(customer, ZJoinZavCharge.parse({ phone, pin: "", confirmPin: "" }));
    const first = await join();
    expect(first).toMatchObject({ ok: true, welcomeCreditKobo: WELCOME_CREDIT_KOBO });
    const credits = await welcomeCredits();
    for (let round = 0; round < 2; round++) {
      expect(
        (await closeDriverAccount((await findDriverAccountForUser(customer.id))!.id, { requestRefund: false, signedInWith: "password" }))
          .ok,
      ).toBe(true);
      const again = await join();
      expect(again).toMatchObject({ ok: true, welcomeCreditKobo: 0, expiresAt: null });
      const driver = await findDriverAccountForUser(customer.id);
      expect(driver).toMatchObject({ balanceKobo: 0, state: "expired", planExpiresAt: null });
    }
    expect(await welcomeCredits()).toBe(credits);
    // The e-mail and SMS of a returning driver promise nothing.
    const sms = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.kind, "zavcharge-welcome")));
    expect(sms.at(-1)!.text).toContain("Top up and choose a plan");

    // Another site account with the same phone, or a new account for the same e-mail, gets no second credit either.
    const sibling = await makeUser("customer", "Kelechi Nwankwo");
    expect(await joinZavCharge(sibling, ZJoinZavCharge.parse({ phone, pin: "", confirmPin: "" }))).toMatchObject({ welcomeCreditKobo: 0 });
    await getDb()
      .update(users)
      .set({ email: `gone.${customer.id}@example.ng` })
      .where(eq(users.id, customer.id));
    const reborn = await makeUser("customer", "Kelechi Nwankwo");
    await getDb().update(users).set({ email: customer.email }).where(eq(users.id, reborn.id));
    expect(
      await joinZavCharge({ ...reborn, email: customer.email }, ZJoinZavCharge.parse({ phone: uniquePhone(), pin: "", confirmPin: "" })),
    ).toMatchObject({
      welcomeCreditKobo: 0,
    });
    expect(await welcomeCredits()).toBe(credits);
  });

  it("an account opened before grants were recorded is remembered when it closes", async () => {
    const driver = await createTestDriver();
    await getDb().transaction((tx) =>
      postWalletEntry(tx, {
        accountId: driver.accountId,
        kind: "welcome_credit",
        amountKobo: WELCOME_CREDIT_KOBO,
        reference: `welcome:${driver.accountId}`,
        description: "Welcome credit",
      }),
    );
    expect((await closeDriverAccount(driver.accountId, { requestRefund: false, signedInWith: "password" })).ok).toBe(true);
    const viewer = { id: driver.userId, name: driver.name, email: driver.email, role: "customer" as const, capabilities: [], image: null };
    expect(await joinZavCharge(viewer, ZJoinZavCharge.parse({ phone: uniquePhone(), pin: "", confirmPin: "" }))).toMatchObject({
      welcomeCreditKobo: 0,
    });
  });

  it("two joins at the same moment for one person give one credit", async () => {
    const customer = await makeUser("customer", "Ebuka Eze");
    const other = await makeUser("customer", "Ebuka Eze");
    const phone = uniquePhone();
    const results = await Promise.all(
      [customer, other].map((v) => joinZavCharge(v, ZJoinZavCharge.parse({ phone, pin: "", confirmPin: "" }))),
    );
    expect(results.map((r) => (r.ok ? r.welcomeCreditKobo : -1)).sort()).toEqual([0, WELCOME_CREDIT_KOBO]);
  });
});

describe("PIN sign-in", () => {
  it("says which part is wrong, and stops the guessing address after 5 wrong PINs, not the driver elsewhere", async () => {
    const r = await register();
    const attacker = freshIp();
    const attempt = (pin: string, ip = attacker) => signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin }), ip);
    const unknown = await signInWithPin(ZPinSignIn.parse({ subscriptionId: "ZAV00000000QQQQ", pin: "135790" }), freshIp());
    expect(!unknown.ok && unknown.error.message).toBe("Subscription ID not found");
    for (let i = 0; i < 5; i++) {
      const wrong = await attempt("000000");
      expect(!wrong.ok && wrong.error.message).toBe("Incorrect PIN");
    }
    // The guessing address is stopped, even with the right PIN, and however often it comes back.
    for (let i = 0; i < 3; i++) {
      const locked = await attempt("135790");
      expect(!locked.ok && locked.error.code).toBe("rate_limited");
      expect(!locked.ok && locked.error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    }
    // The driver, somewhere else, still signs in.
    expect((await attempt("135790", freshIp())).ok).toBe(true);
  });

  it("wrong PINs from many addresses pause the id; its owner lifts the pause with their password, not with a PIN", async () => {
    const r = await register();
    for (let i = 0; i < PIN_TRIES_PER_ID; i++) await signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin: "000000" }), freshIp());
    const paused = await signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin: "135790" }), freshIp());
    expect(!paused.ok && paused.error.message).toMatch(/Too many wrong PINs were tried on this account\. .* unlock PIN sign-in\./);
    expect(await isPinSignInPaused(r.code)).toBe(true);
    // At an attendant's screen too.
    const station = await createTestStation();
    const staff = await makeUser("staff", "Segun Balogun");
    const attended = await startAttendedSession({
      for: { kind: "attendant", subscriptionId: r.code, pin: "135790", ip: freshIp(), staffUserId: staff.id },
      stationId: station.station.id,
      slotId: station.slots[0]!.id,
    });
    expect(!attended.ok && attended.error.code).toBe("rate_limited");

    expect(await unlockPinSignIn({ code: r.code, via: "pin" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await isPinSignInPaused(r.code)).toBe(true);
    expect((await unlockPinSignIn({ code: r.code, via: "password" })).ok).toBe(true);
    expect(await isPinSignInPaused(r.code)).toBe(false);
    expect((await signInWithPin(ZPinSignIn.parse({ subscriptionId: r.code, pin: "135790" }), freshIp())).ok).toBe(true);
  });
});

describe("what a PIN session cannot do", () => {
  it("close the account or change the phone: those need the password", async () => {
    const r = await register();
    const closing = await closeDriverAccount(r.accountId, { requestRefund: true, signedInWith: "pin" });
    expect(closing).toMatchObject({ ok: false, error: { code: "forbidden", message: PIN_SESSION_REFUSALS.close } });
    const phone = await updateDriverDetails(r.accountId, { name: "Chinedu Okeke", phone: uniquePhone() }, "pin");
    expect(phone).toMatchObject({ ok: false, error: { field: "phone", message: PIN_SESSION_REFUSALS.phone } });
    const [row] = await getDb().select().from(zavchargeAccounts).where(eq(zavchargeAccounts.id, r.accountId));
    expect(row).toMatchObject({ status: "active", phone: r.phone });
    // The name can be fixed with the PIN, the phone kept as it is.
    expect((await updateDriverDetails(r.accountId, { name: "Chinedu C. Okeke", phone: r.phone }, "pin")).ok).toBe(true);
    expect((await updateDriverDetails(r.accountId, { name: "Chinedu Okeke", phone: uniquePhone() }, "password")).ok).toBe(true);
  });
});

describe("PIN reset", () => {
  const codeIn = async (email: string) => {
    const mails = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "zavcharge-pin-reset"), eq(outbox.recipient, email)));
    return /Reset code:\s*(\d{6})/.exec(mails.at(-1)?.text ?? "")?.[1] ?? null;
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
    const added = await addToCart(
      { userId: customer.userId },
      { kind: "wallet_topup", zavchargeAccountId: r.accountId, amountKobo: 500_000 },
    );
    expect(added.ok).toBe(true);
    const cart = await readCart({ userId: customer.userId });
    expect(cart.lines).toEqual([expect.objectContaining({ kind: "wallet_topup", unitPriceKobo: 500_000, ships: false })]);
    const { order } = await placeOrderOrFail({
      customer,
      checkout: checkoutFor("Chinedu Okeke", { paymentMethod: "paystack" }),
      lines: orderLinesFromCart(cart.lines),
    });
    expect(order).toMatchObject({ totalKobo: 500_000, vatKobo: 0, shippingKobo: 0 });
    const { reference } = await startPaymentOrFail({ orderId: order.id, userId: customer.userId });
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
    await addToCart({ userId: customer.userId }, { kind: "wallet_topup", zavchargeAccountId: r.accountId, amountKobo: 300_000 });
    const cart = await readCart({ userId: customer.userId });
    const { order } = await placeOrderOrFail({
      customer,
      checkout: checkoutFor("Chinedu Okeke", { paymentMethod: "bank_transfer" }),
      lines: orderLinesFromCart(cart.lines),
    });
    const staff = await makeUser("staff", "Funmilayo Adebayo");
    await confirmOfflinePayment({ orderId: order.id, reference: "GTB/TRF/5521", staff }).then(orFail);
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
    await refundOrderPayment({ orderId: order.id, staff, reason: "Paid twice" }).then(orFail);
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
    const closed = await closeDriverAccount(r.accountId, { requestRefund: true, signedInWith: "password" });
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
    const again = await closeDriverAccount(r.accountId, { requestRefund: true, signedInWith: "password" });
    expect(!again.ok && again.error.message).toBe("This ZavCharge account is already closed.");
  });
});
