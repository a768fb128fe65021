import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { browserHeaders, cookieFrom } from "../../tests/support/requests";
import { browserThatAsked, otherBrowser } from "../../tests/support/sessions";
import { signUpInput as sharedSignUpInput } from "../../tests/support/registration-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { env } from "../env";
import { newsletterSubscribers } from "../content/schema";
import { outbox } from "../messaging/schema";
import { staffCodes } from "../users/schema";
import { confirmEmail } from "./confirm-email";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import { registerUser } from "./register-user";
import { passwordResetAudit, users } from "./schema";
import { ADDRESS_SLOW_STEP_MS } from "./rate-limits";
import { signIn } from "./sign-in";
import { getViewer } from "./viewer";

useTestDatabase();

// Each registration from its own address, so the sign-up limit only bites where a test wants it to.
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

/** The registration form's fields; the phone is fixed, as one test reads it back. */
const signUpInput = (over: Record<string, unknown> = {}) => sharedSignUpInput({ phone: "0803 555 1234", ...over });

async function mailTo(email: string) {
  return getDb().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
}

function tokenFrom(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([^\\s&]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

describe("registration", () => {
  it("creates a customer profile with the defaults of docs/product/accounts.md#profile and queues the confirmation e-mail", async () => {
    const input = signUpInput({ agreedToNewsletter: "on" });
    const result = await registerUser(input, nextIp());
    expect(result.ok).toBe(true);
    const [row] = await getDb().select().from(users).where(eq(users.email, input.email));
    expect(row).toMatchObject({
      role: "customer",
      points: 0,
      phone: "+2348035551234",
      emailVerified: false,
      newsletterOptIn: true,
      staffCode: null,
    });
    const mail = await mailTo(input.email);
    expect(mail.map((m) => m.kind)).toEqual(["email-confirmation"]);
    expect(mail[0]!.text).toContain("/auth/callback?token=");
  });

  it("forces any role other than staff to customer", () => {
    expect(signUpInput({ role: "admin" }).role).toBe("customer");
  });

  it("answers a duplicate e-mail like a new one, creates nothing, and tells the owner", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    const again = await registerUser({ ...input, name: "Someone Else" }, nextIp());
    expect(again).toEqual({ ok: true, newUserId: null }); // the route answers both alike; the id is for the caller only
    const rows = await getDb().select().from(users).where(eq(users.email, input.email));
    expect(rows.map((r) => r.name)).toEqual(["Ngozi Okafor"]);
    expect((await mailTo(input.email)).map((m) => m.kind)).toEqual(["email-confirmation", "account-exists"]);
  });

  it("registers staff with a valid code once, taking the department from the code", async () => {
    await getDb().insert(staffCodes).values({ code: "ZAV-OPS-ABC234", department: "Operations" });
    const input = signUpInput({ role: "staff", staffCode: "zav-ops-abc234" });
    const result = await registerUser(input, nextIp());
    expect(result.ok).toBe(true);
    const [row] = await getDb().select().from(users).where(eq(users.email, input.email));
    expect(row).toMatchObject({ role: "staff", department: "Operations", staffCode: "ZAV-OPS-ABC234" });
    const [code] = await getDb().select().from(staffCodes).where(eq(staffCodes.code, "ZAV-OPS-ABC234"));
    expect(code!.usedBy).toBe(row!.id);

    const second = signUpInput({ role: "staff", staffCode: "ZAV-OPS-ABC234" });
    expect(await registerUser(second, nextIp())).toMatchObject({ ok: false, error: { field: "staffCode" } });
    expect(await getDb().select().from(users).where(eq(users.email, second.email))).toHaveLength(0);
  });

  it("refuses a revoked or unknown staff code and creates nothing", async () => {
    await getDb().insert(staffCodes).values({ code: "ZAV-SALE-REVOKD", department: "Sales", revokedAt: new Date() });
    for (const staffCode of ["ZAV-SALE-REVOKD", "NOT-A-CODE"]) {
      const input = signUpInput({ role: "staff", staffCode });
      expect(await registerUser(input, nextIp())).toMatchObject({ ok: false, error: { field: "staffCode" } });
      expect(await getDb().select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
    }
  });

  it("answers a bad staff code the same whether or not the address is registered", async () => {
    const existing = signUpInput();
    await registerUser(existing, nextIp());
    const forExisting = await registerUser(
      { ...signUpInput({ role: "staff", staffCode: "ZAV-MADE-UP123" }), email: existing.email },
      nextIp(),
    );
    const forNew = await registerUser(signUpInput({ role: "staff", staffCode: "ZAV-MADE-UP123" }), nextIp());
    expect(forExisting).toEqual(forNew);
    expect(forNew).toMatchObject({ ok: false, error: { field: "staffCode" } });
  });

  it("limits sign-ups to 5 per window for one e-mail address, wherever they come from", async () => {
    const input = signUpInput();
    for (let i = 0; i < 5; i++) expect((await registerUser(input, nextIp())).ok).toBe(true);
    expect(await registerUser(input, nextIp())).toMatchObject({
      ok: false,
      error: { code: "rate_limited", message: expect.stringMatching(/Too many attempts/) },
    });
  });

  it("lets strangers behind one carrier address sign up: its count is a coarse ceiling, not 5", async () => {
    // Many phones share one address behind a carrier's NAT (docs/product/accounts.md#shared-addresses).
    for (let i = 0; i < 12; i++) expect((await registerUser(signUpInput(), "102.89.40.1")).ok).toBe(true);
  });

  it("does not spend a staff code on an address that already has an account", async () => {
    const existing = signUpInput();
    await registerUser(existing, nextIp());
    await getDb().insert(staffCodes).values({ code: "ZAV-HR-KEEPME", department: "HR" });
    await registerUser({ ...signUpInput({ role: "staff", staffCode: "ZAV-HR-KEEPME" }), email: existing.email }, nextIp());
    const [row] = await getDb().select().from(users).where(eq(users.email, existing.email));
    expect(row!.role).toBe("customer");
    const [code] = await getDb().select().from(staffCodes).where(eq(staffCodes.code, "ZAV-HR-KEEPME"));
    expect(code!.usedAt).toBeNull();
  });
});

describe("confirmation and sign-in", () => {
  it("needs a confirmed e-mail, then signs in; the welcome e-mail is sent once", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    const before = await signIn(input.email, input.password, "10.1.0.1", browserHeaders());
    expect(before).toMatchObject({ ok: false, error: { status: 403 } });

    const token = tokenFrom((await mailTo(input.email))[0]!.text, "/auth/callback");
    const confirmed = await confirmEmail(token, { browser: browserThatAsked(input.email), ip: nextIp() });
    expect(confirmed).toMatchObject({ ok: true, alreadyConfirmed: false, name: "Ngozi Okafor" });
    expect(await confirmEmail(token, { browser: browserThatAsked(input.email), ip: nextIp() })).toMatchObject({
      ok: true,
      alreadyConfirmed: true,
    });
    expect((await mailTo(input.email)).filter((m) => m.kind === "welcome")).toHaveLength(1);

    const result = await signIn(input.email, input.password, "10.1.0.1", browserHeaders());
    expect(result.ok).toBe(true);
    const cookie = cookieFrom((result as { headers: Headers }).headers);
    const viewer = await getViewer(new Request("http://localhost/", { headers: browserHeaders(cookie) }));
    expect(viewer).toMatchObject({ email: input.email, role: "customer", capabilities: [] });
  });

  it("welcomes once when the link is opened twice at the same moment (a mail scanner and the user)", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    const token = tokenFrom((await mailTo(input.email))[0]!.text, "/auth/callback");
    const proof = { browser: browserThatAsked(input.email), ip: nextIp() };
    const results = await Promise.all([confirmEmail(token, proof), confirmEmail(token, proof)]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await mailTo(input.email)).filter((m) => m.kind === "welcome")).toHaveLength(1);
  });

  it("subscribes to the newsletter on confirmation only when the box was ticked", async () => {
    const ticked = signUpInput({ agreedToNewsletter: "on" });
    const unticked = signUpInput();
    for (const input of [ticked, unticked]) {
      await registerUser(input, nextIp());
      await confirmEmail(tokenFrom((await mailTo(input.email))[0]!.text, "/auth/callback"), {
        browser: browserThatAsked(input.email),
        ip: nextIp(),
      });
    }
    const rows = await getDb().select().from(newsletterSubscribers);
    expect(rows.map((r) => [r.email, r.status, r.source])).toEqual([[ticked.email, "active", "registration"]]);
  });

  it("rejects a forged confirmation link, and one signed with another secret", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    const proof = { browser: browserThatAsked(input.email), ip: nextIp() };
    expect(await confirmEmail("not-a-token", proof)).toMatchObject({ ok: false });
    // A link signed with any other secret confirms nothing.
    const forged = await new SignJWT({ email: input.email })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a-secret-this-server-does-not-have-0123456789"));
    expect(await confirmEmail(forged, proof)).toMatchObject({ ok: false, error: { message: /invalid/ } });
    expect((await getDb().select().from(users).where(eq(users.email, input.email)))[0]!.emailVerified).toBe(false);
  });

  it("opened in a browser that did not ask for it, the link asks for the password and signs in only with it", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    const token = tokenFrom((await mailTo(input.email))[0]!.text, "/auth/callback");
    const verified = async () => (await getDb().select().from(users).where(eq(users.email, input.email)))[0]!.emailVerified;
    // Someone who sends this link to another person cannot sign them into this account.
    expect(await confirmEmail(token, { browser: otherBrowser(), ip: nextIp() })).toEqual({ ok: true, passwordNeeded: true });
    expect(await verified()).toBe(false);
    // Another address's cookie is not this one's.
    expect(await confirmEmail(token, { browser: browserThatAsked("someone.else@example.ng"), ip: nextIp() })).toEqual({
      ok: true,
      passwordNeeded: true,
    });
    const wrong = await confirmEmail(token, { browser: otherBrowser(), ip: nextIp(), password: "not-the-password" });
    expect(wrong).toMatchObject({ ok: false, error: { field: "password", message: /not the password of this account/ } });
    expect(await verified()).toBe(false);
    const right = await confirmEmail(token, { browser: otherBrowser(), ip: nextIp(), password: input.password });
    expect(right).toMatchObject({ ok: true, alreadyConfirmed: false, name: "Ngozi Okafor" });
    expect(await verified()).toBe(true);
    const cookie = cookieFrom((right as { headers: Headers }).headers);
    expect(await getViewer(new Request("http://localhost/", { headers: browserHeaders(cookie) }))).toMatchObject({ email: input.email });
  });

  it("counts parallel guesses: 20 at once still lets at most 5 through to the password check", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    await getDb().update(users).set({ emailVerified: true }).where(eq(users.email, input.email));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(input.email, "wrong-password", `10.7.0.${i}`, browserHeaders())),
    );
    expect(results.filter((r) => !r.ok && r.error.status === 401)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.error.status === 429)).toHaveLength(15);
  });

  it("blocks an account after 5 failures in the window, even with the right password", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    await getDb().update(users).set({ emailVerified: true }).where(eq(users.email, input.email));
    for (let i = 0; i < 5; i++) {
      expect(await signIn(input.email, "wrong-password", `10.2.0.${i}`, browserHeaders())).toMatchObject({
        ok: false,
        error: { status: 401, message: "Invalid email or password" },
      });
    }
    const blocked = await signIn(input.email, input.password, "10.2.0.99", browserHeaders());
    expect(blocked).toMatchObject({ ok: false, error: { status: 429 } });
    expect(!blocked.ok && blocked.error.message).toMatch(/Too many attempts/);
  });

  it("counts a network address's failures across accounts only against a higher ceiling, slowing past its half", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    await getDb().update(users).set({ emailVerified: true }).where(eq(users.email, input.email));
    // Ten strangers mistyping from one carrier address do not lock out the eleventh.
    for (let i = 0; i < 10; i++) await signIn(`stranger${i}@example.ng`, "wrong-password", "102.89.41.1", browserHeaders());
    expect((await signIn(input.email, input.password, "102.89.41.1", browserHeaders())).ok).toBe(true);

    const ceiling = env.SIGN_IN_IP_MAX_FAILURES;
    Object.assign(env, { SIGN_IN_IP_MAX_FAILURES: 8 });
    try {
      const elapsed: number[] = [];
      for (let i = 0; i < 8; i++) {
        const started = performance.now();
        await signIn(`guess${i}@example.ng`, "wrong-password", "102.89.41.2", browserHeaders());
        elapsed.push(performance.now() - started);
      }
      // Tries 5 to 8 wait 250, 500, 750 and 1,000 ms before the password is checked.
      expect(elapsed[7]).toBeGreaterThanOrEqual(ADDRESS_SLOW_STEP_MS * 4);
      expect(await signIn(input.email, input.password, "102.89.41.2", browserHeaders())).toMatchObject({
        ok: false,
        error: { status: 429 },
      });
      expect((await signIn(input.email, input.password, "102.89.41.3", browserHeaders())).ok).toBe(true);
    } finally {
      Object.assign(env, { SIGN_IN_IP_MAX_FAILURES: ceiling });
    }
  });
});

describe("password reset", () => {
  it("logs the request, e-mails a link to /reset-password, and stamps the log when the reset completes", async () => {
    const input = signUpInput();
    await registerUser(input, nextIp());
    await getDb().update(users).set({ emailVerified: true }).where(eq(users.email, input.email));

    expect(await requestPasswordReset(input.email, "10.4.0.1", "Mozilla/5.0")).toEqual({ ok: true });
    const [audit] = await getDb().select().from(passwordResetAudit).where(eq(passwordResetAudit.email, input.email));
    expect(audit).toMatchObject({ resetMethod: "email", ipAddress: "10.4.0.1", userAgent: "Mozilla/5.0", resetCompletedAt: null });

    const mail = (await mailTo(input.email)).find((m) => m.kind === "password-reset")!;
    const token = tokenFrom(mail.text, "/reset-password");
    expect(await resetPassword(token, "newsunshine2")).toEqual({ ok: true });
    const [stamped] = await getDb().select().from(passwordResetAudit).where(eq(passwordResetAudit.email, input.email));
    expect(stamped!.resetCompletedAt).toBeInstanceOf(Date);

    expect((await signIn(input.email, input.password, "10.4.0.2", browserHeaders())).ok).toBe(false);
    expect((await signIn(input.email, "newsunshine2", "10.4.0.2", browserHeaders())).ok).toBe(true);
    expect(await resetPassword(token, "again-and-again")).toMatchObject({ ok: false });
  });

  it("answers the same for an unknown e-mail, logs it, and sends nothing", async () => {
    expect(await requestPasswordReset("ghost@example.ng", "10.5.0.1", null)).toEqual({ ok: true });
    expect(await getDb().select().from(passwordResetAudit).where(eq(passwordResetAudit.email, "ghost@example.ng"))).toHaveLength(1);
    expect(await mailTo("ghost@example.ng")).toHaveLength(0);
  });

  it("limits reset requests to 5 per window", async () => {
    for (let i = 0; i < 5; i++) expect((await requestPasswordReset("flood@example.ng", `10.6.0.${i}`, null)).ok).toBe(true);
    expect(await requestPasswordReset("flood@example.ng", "10.6.0.9", null)).toMatchObject({ ok: false });
  });
});
