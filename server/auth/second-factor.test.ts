import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZOutboxFilters } from "@domain/messaging/outbox-filters-input";
import { browserHeaders, cookieFrom } from "../../tests/support/requests";
import { createSession } from "../../tests/support/sessions";
import { useTestDatabase } from "../../tests/support/test-database";
import { totp } from "../../tests/support/totp";
import { getDb } from "../db/client";
import { env } from "../env";
import { listOutbox } from "../messaging/list-outbox";
import { outbox } from "../messaging/schema";
import { getAuth } from "./auth";
import { confirmPhoneFactor } from "./confirm-phone-factor";
import { confirmTwoFactor } from "./confirm-two-factor";
import { disableTwoFactor } from "./disable-two-factor";
import { twoFactorPhones, twoFactorSmsCodes, users } from "./schema";
import { sendSignInCode } from "./send-sign-in-code";
import { signIn } from "./sign-in";
import { startPhoneFactor } from "./start-phone-factor";
import { startTwoFactor } from "./start-two-factor";
import { verifySecondFactor } from "./verify-second-factor";
import { getViewer } from "./viewer";

// Two-factor sign-in (docs/product/accounts.md#two-factor-authentication and #rate-limits): codes are counted for the
// account whatever the IP, a right password does not clear that count, and the phone factor's texted codes.

useTestDatabase();

// Texted codes are offered only when an SMS provider is configured; these tests configure one (nothing is delivered here).
const savedTermii = env.TERMII_API_KEY;
beforeAll(() => void (env.TERMII_API_KEY = "test-termii-key"));
afterAll(() => void (env.TERMII_API_KEY = savedTermii));

const PASSWORD = "sunshine-2fa";
let counter = 0;
const nextIp = () => `10.61.${Math.floor(counter / 250)}.${counter++ % 250}`;
const CODE_TEXT = /^Your Zavolah sign-in code is (\d{6})\. It expires in 10 minutes\. Never share it\.$/;

/** A confirmed account signed in on the account page: its user id, e-mail and the asker the account page passes. */
async function confirmedAccount() {
  const email = `kemi.${Math.random().toString(36).slice(2, 8)}@example.ng`;
  const { user } = await getAuth().api.signUpEmail({ body: { name: "Kemi Adebayo", email, password: PASSWORD } });
  await getDb().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const { cookie } = await createSession(user.id);
  return { userId: user.id, email, asker: { headers: browserHeaders(cookie), email, ip: nextIp(), userId: user.id } };
}

/** The newest code texted to `phone`, read from the outbox as the phone would receive it. */
async function lastCodeTo(phone: string): Promise<string> {
  const [sms] = await getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, "sms"), eq(outbox.recipient, phone)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = CODE_TEXT.exec(sms?.text ?? "");
  if (!match) throw new Error(`no sign-in code texted to ${phone}: ${sms?.text}`);
  return match[1]!;
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Time passes for the account's codes: each was sent (and expires) `seconds` earlier. */
async function age(userId: string, seconds: number) {
  await getDb()
    .update(twoFactorSmsCodes)
    .set({
      createdAt: sql`${twoFactorSmsCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${twoFactorSmsCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(twoFactorSmsCodes.userId, userId));
}

/** An account whose second factor is a verified phone; returns its recovery codes too. */
async function accountWithPhone(phone = "+2348031234567") {
  const account = await confirmedAccount();
  const started = await startPhoneFactor(account.asker, { phone, password: PASSWORD });
  if (!started.ok) throw started.error;
  const confirmed = await confirmPhoneFactor(account.userId, await lastCodeTo(phone));
  if (!confirmed.ok) throw confirmed.error;
  await age(account.userId, 3600); // the set-up codes do not count against the sign-in tests' resend limits
  return { ...account, phone, backupCodes: started.backupCodes! };
}

/** An account whose second factor is an authenticator app; returns the app's secret. */
async function accountWithTotp() {
  const account = await confirmedAccount();
  const started = await startTwoFactor(account.asker, PASSWORD);
  if (!started.ok) throw started.error;
  const confirmed = await confirmTwoFactor(account.userId, account.asker.headers, totp(started.secret));
  if (!confirmed.ok) throw confirmed.error;
  return { ...account, secret: started.secret };
}

/** The password step from `ip`: the browser's cookie for the second step, and what the step offers. */
async function passwordStep(email: string, ip: string) {
  const result = await signIn(email, PASSWORD, ip, browserHeaders());
  if (!result.ok || !result.twoFactorRequired) throw new Error(`expected a second step, got ${JSON.stringify(result)}`);
  return { ...result, cookie: cookieFrom(result.headers) };
}

describe("second-factor limits per account", () => {
  it("counts wrong codes for the account across many IPs, and a right password does not clear the count", async () => {
    const { email, secret } = await accountWithTotp();
    for (let i = 0; i < 5; i++) {
      const ip = nextIp();
      const { cookie } = await passwordStep(email, ip); // the right password, each time from a new address
      expect(await verifySecondFactor(otherThan(totp(secret)), "totp", ip, browserHeaders(cookie))).toMatchObject({
        ok: false,
        error: { message: "That code is not valid. Check your authenticator app and try again." },
      });
    }
    const ip = nextIp();
    const { cookie } = await passwordStep(email, ip);
    // Even the right code is refused now: the account has had its 5 tries in this window.
    expect(await verifySecondFactor(totp(secret), "totp", ip, browserHeaders(cookie))).toMatchObject({
      ok: false,
      error: { code: "rate_limited", message: expect.stringMatching(/^Too many attempts\. Please wait 1[45] minutes and try again\.$/) },
    });
  });

  it("forgets the account's wrong codes once a right second factor is given", async () => {
    const { email, secret } = await accountWithTotp();
    for (let i = 0; i < 4; i++) {
      const ip = nextIp();
      const { cookie } = await passwordStep(email, ip);
      expect((await verifySecondFactor(otherThan(totp(secret)), "totp", ip, browserHeaders(cookie))).ok).toBe(false);
    }
    let ip = nextIp();
    let step = await passwordStep(email, ip);
    expect((await verifySecondFactor(totp(secret), "totp", ip, browserHeaders(step.cookie))).ok).toBe(true);
    for (let i = 0; i < 5; i++) {
      ip = nextIp();
      step = await passwordStep(email, ip);
      expect(await verifySecondFactor(otherThan(totp(secret)), "totp", ip, browserHeaders(step.cookie))).toMatchObject({
        error: { code: "unauthenticated" },
      });
    }
  });

  it("asks for the password again when no sign-in is waiting on this browser", async () => {
    expect(await verifySecondFactor("123456", "sms", nextIp(), browserHeaders())).toMatchObject({
      ok: false,
      error: { message: "Your sign-in has timed out. Enter your e-mail and password again." },
    });
  });
});

describe("a code by text message", () => {
  it("is texted at once to an account whose only factor is its phone, in the fixed words, and signs it in", async () => {
    const { email, phone, userId } = await accountWithPhone();
    const ip = nextIp();
    const step = await passwordStep(email, ip);
    expect(step).toMatchObject({ methods: ["sms", "recovery"], phone: "+234 *** *** 4567", sent: true });
    const code = await lastCodeTo(phone);
    const signedIn = await verifySecondFactor(code, "sms", ip, browserHeaders(step.cookie));
    if (!signedIn.ok) throw signedIn.error;
    const viewer = await getViewer(new Request("http://localhost/", { headers: browserHeaders(cookieFrom(signedIn.headers)) }));
    expect(viewer?.id).toBe(userId);
  });

  it("allows 5 tries; the 5th wrong one closes the code", async () => {
    const { asker, userId } = await confirmedAccount();
    const phone = "+2348039876543";
    expect(await startPhoneFactor(asker, { phone, password: PASSWORD })).toMatchObject({ ok: true });
    const code = await lastCodeTo(phone);
    for (let i = 1; i <= 4; i++)
      expect(await confirmPhoneFactor(userId, otherThan(code))).toMatchObject({
        error: { message: "That code is not valid. Check the text message and try again." },
      });
    expect(await confirmPhoneFactor(userId, otherThan(code))).toMatchObject({
      error: { message: "That code is not valid, and it has been tried too many times. Ask for a new code." },
    });
    expect(await confirmPhoneFactor(userId, code)).toMatchObject({
      error: { message: "That code has expired or was replaced by a newer one. Ask for a new code." },
    });
    const [phoneRow] = await getDb().select().from(twoFactorPhones).where(eq(twoFactorPhones.userId, userId));
    expect(phoneRow?.status).toBe("unverified");
  });

  it("expires after 10 minutes", async () => {
    const { asker, userId } = await confirmedAccount();
    const phone = "+2348035550001";
    await startPhoneFactor(asker, { phone, password: PASSWORD });
    const code = await lastCodeTo(phone);
    await age(userId, 10 * 60 + 1);
    expect(await confirmPhoneFactor(userId, code)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/has expired/) } });
  });

  it("keeps one live code: a new one replaces the last", async () => {
    const { email, phone, userId } = await accountWithPhone("+2348035550002");
    const ip = nextIp();
    const step = await passwordStep(email, ip);
    const first = await lastCodeTo(phone);
    await age(userId, 61);
    expect(await sendSignInCode(browserHeaders(step.cookie))).toMatchObject({ ok: true });
    const second = await lastCodeTo(phone);
    // The first code no longer signs in (unless the two happen to be the same six digits, one chance in a million).
    if (first !== second) expect((await verifySecondFactor(first, "sms", ip, browserHeaders(step.cookie))).ok).toBe(false);
    const open = await getDb()
      .select()
      .from(twoFactorSmsCodes)
      .where(and(eq(twoFactorSmsCodes.userId, userId), sql`${twoFactorSmsCodes.closedAt} is null`));
    expect(open).toHaveLength(1);
    expect((await verifySecondFactor(second, "sms", ip, browserHeaders(step.cookie))).ok).toBe(true);
  });

  it("can be sent again once a minute and 5 times an hour", async () => {
    const { email, userId } = await accountWithPhone("+2348035550003");
    const { cookie } = await passwordStep(email, nextIp()); // code 1 of the hour
    expect(await sendSignInCode(browserHeaders(cookie))).toMatchObject({
      ok: false,
      error: {
        code: "rate_limited",
        message: expect.stringMatching(/^You can ask for a new code once a minute\. Please wait \d+ seconds?\.$/),
      },
    });
    for (let i = 2; i <= 5; i++) {
      await age(userId, 61);
      expect(await sendSignInCode(browserHeaders(cookie))).toMatchObject({ ok: true });
    }
    await age(userId, 61);
    expect(await sendSignInCode(browserHeaders(cookie))).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(
          /^You have asked for 5 codes in the last hour\. Please wait \d+ minutes?, or use a recovery code\.$/,
        ),
      },
    });
    await age(userId, 3600);
    expect(await sendSignInCode(browserHeaders(cookie))).toMatchObject({ ok: true });
  });

  it("never shows the code in the admin's outbox list", async () => {
    const { phone } = await accountWithPhone("+2348035550004");
    const code = await lastCodeTo(phone);
    const { rows } = await listOutbox(ZOutboxFilters.parse({ channel: "sms" }));
    const listed = rows.filter((r) => r.recipient === phone);
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) {
      expect(row.subject).toBe("Your Zavolah sign-in code is ••••••. It expires in 10 minutes. Never share it.");
      expect(row.subject).not.toContain(code);
    }
  });
});

describe("phone factor states", () => {
  it("uses only a verified phone to sign in; an added number waits for its code", async () => {
    const { asker, email, userId } = await confirmedAccount();
    await startPhoneFactor(asker, { phone: "+2348035550005", password: PASSWORD });
    // Not verified: two-factor is not on yet, so the password alone signs in.
    expect(await signIn(email, PASSWORD, nextIp(), browserHeaders())).toMatchObject({ ok: true, twoFactorRequired: false });
    const [row] = await getDb().select().from(twoFactorPhones).where(eq(twoFactorPhones.userId, userId));
    expect(row).toMatchObject({ status: "unverified", verifiedAt: null });
  });

  it("offers an unverified phone nothing at sign-in, beside a verified authenticator app", async () => {
    const { asker, email } = await accountWithTotp();
    await startPhoneFactor(asker, { phone: "+2348035550006", password: PASSWORD });
    const step = await passwordStep(email, nextIp());
    expect(step).toMatchObject({ methods: ["totp", "recovery"], phone: null, sent: false });
    expect(await sendSignInCode(browserHeaders(step.cookie))).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("lets a recovery code stand in for the phone, once; an authenticator code is refused for a phone-only account", async () => {
    const { email, backupCodes } = await accountWithPhone("+2348035550007");
    expect(backupCodes.length).toBe(10);
    let ip = nextIp();
    let step = await passwordStep(email, ip);
    expect((await verifySecondFactor("123456", "totp", ip, browserHeaders(step.cookie))).ok).toBe(false);
    expect((await verifySecondFactor(backupCodes[0]!, "recovery", ip, browserHeaders(step.cookie))).ok).toBe(true);
    ip = nextIp();
    step = await passwordStep(email, ip);
    expect(await verifySecondFactor(backupCodes[0]!, "recovery", ip, browserHeaders(step.cookie))).toMatchObject({
      error: { message: "That recovery code is not valid." },
    });
  });

  it("turning two-factor off removes the phone", async () => {
    const { asker, email, userId } = await accountWithPhone("+2348035550008");
    const off = await disableTwoFactor(asker, PASSWORD);
    expect(off.ok).toBe(true);
    expect(await getDb().$count(twoFactorPhones, eq(twoFactorPhones.userId, userId))).toBe(0);
    expect(await signIn(email, PASSWORD, nextIp(), browserHeaders())).toMatchObject({ ok: true, twoFactorRequired: false });
  });
});
