import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiLogin, registeredPerson, useGateway } from "../../../tests/support/gateway-fixtures";
import { watchLog } from "../../../tests/support/log-lines";
import { useTestDatabase } from "../../../tests/support/test-database";
import { uniquePhone } from "../../../tests/support/unique-values";
import { browserHeaders } from "../../../tests/support/requests";
import { orFail } from "../../../tests/support/results";
import { createSession } from "../../../tests/support/sessions";
import { totp } from "../../../tests/support/totp";
import { getAuth } from "../../auth/auth";
import { confirmTwoFactor } from "../../auth/confirm-two-factor";
import { signIn } from "../../auth/sign-in";
import { startTwoFactor } from "../../auth/start-two-factor";
import { users } from "../../auth/schema";
import { getDb } from "../../db/client";
import { apiDevices, apiTokenFamilies } from "../../gateway/schema";
import { REFRESH_GRACE_SECONDS } from "../../gateway/api-tokens";
import { forgetApiDevices } from "../../gateway/forget-api-devices";
import { refreshDeviceTokens } from "../../gateway/refresh-device-tokens";
import { listSignedInDevices } from "../../gateway/signed-in-devices";
import { referralCodeFor } from "../../referrals/referral-code-for";
import { referrals } from "../../referrals/schema";
import type { TPersonToForget } from "@domain/privacy/deletion-requests";
import { ZApiError, ZLoginAnswer } from "./api-responses";

// The JSON gateway over real HTTP (docs/product/api-gateway.md): the contract every answer keeps, signing in from a
// device, rotating refresh tokens with reuse detection, and devices signed out one at a time.

useTestDatabase();

const call = useGateway();

/** A registered person (password "sunshine1") and their e-mail address and phone. */
const person = (name?: string) => registeredPerson(name);

const login = (email: string, deviceId: string, password = "sunshine1") => apiLogin(call, email, deviceId, password);
const device = (id: string) => ({ id, type: "mobile", name: "Ngozi's Tecno Camon" });

describe("the contract", () => {
  it("needs a supported X-API-Version and JSON, echoes the request id, and refuses in one shape", async () => {
    const none = await call("GET", "/health", { headers: { "X-API-Version": "" } });
    expect(none).toMatchObject({
      status: 400,
      body: { code: "unsupported_version", supportedVersions: ["1.0"], requestId: "GENERATED01" },
    });
    const future = await call("GET", "/health", { headers: { "X-API-Version": "2.0", "X-Request-ID": "app-42.7" } });
    expect(future).toMatchObject({ status: 400, body: { code: "unsupported_version", requestId: "app-42.7" } });
    expect(future.headers.get("x-request-id")).toBe("app-42.7");

    const health = await call("GET", "/health", { headers: { "X-Platform": "arduino" } });
    expect(health).toMatchObject({ status: 200, body: { status: "ok", platform: "arduino", database: "up", version: "1.0" } });
    expect(health.headers.get("x-api-version")).toBe("1.0");
    expect(health.headers.get("x-request-id")).toBe("GENERATED01");

    const form = await call("POST", "/auth/login", {
      body: "email=a@b.ng",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form).toMatchObject({ status: 415, body: { code: "unsupported_media_type" } });
    expect(await call("POST", "/auth/login", { body: "{not json" })).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    expect(await call("POST", "/auth/login", { body: { password: "x".repeat(70_000) } })).toMatchObject({ status: 413 });
    expect(await call("GET", "/no-such-thing")).toMatchObject({ status: 404, body: { code: "not_found" } });
    const wrongMethod = await call("GET", "/auth/login");
    expect(wrongMethod).toMatchObject({ status: 405, body: { code: "method_not_allowed" } });
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expect(await call("GET", "/health", { headers: { "X-Platform": "fridge" } })).toMatchObject({
      status: 400,
      body: { field: "X-Platform" },
    });
    for (const refused of [none, future, form, wrongMethod]) expect(ZApiError.safeParse(refused.body).success).toBe(true);
  });

  it("names the wrong field of a body", async () => {
    const missing = await call("POST", "/auth/login", {
      body: { email: "ngozi@example.ng", password: "x", platform: "mobile", deviceInfo: { id: "short" } },
    });
    expect(missing).toMatchObject({ status: 400, body: { code: "invalid_input", field: "deviceInfo.id" } });
    expect(missing.body.fieldErrors).toMatchObject({ "deviceInfo.name": "Name the device" });
  });
});

describe("registering through the app", () => {
  it("makes a customer account whose owner then signs in unconfirmed, and answers the same for an address already known", async () => {
    const email = `amaka.${Date.now()}@example.ng`;
    const body = {
      name: "Amaka Nwosu",
      email,
      phone: "0803 555 0190",
      password: "sunshine1",
      agreedToTerms: true,
      deviceInfo: device("amaka-phone-0001"),
    };
    const registered = await call("POST", "/auth/register", { body });
    expect(registered).toMatchObject({ status: 201, body: { registered: true } });
    const again = await call("POST", "/auth/register", { body: { ...body, name: "Someone Else" } });
    expect(again).toEqual({ ...registered, headers: again.headers });
    const signedIn = await login(email, "amaka-phone-0001");
    expect(signedIn).toMatchObject({ status: 200, body: { user: { email, role: "customer", emailVerified: false } } });
    const [user] = await getDb().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: "Amaka Nwosu", role: "customer" });

    expect(await call("POST", "/auth/register", { body: { ...body, email: `x${email}`, password: "short" } })).toMatchObject({
      status: 400,
      body: { code: "invalid_input", field: "password" },
    });
    expect(await call("POST", "/auth/register", { body: { ...body, agreedToTerms: false } })).toMatchObject({
      status: 400,
      body: { field: "agreedToTerms" },
    });
  });
});

describe("registering through the app with a referral code", () => {
  it("on a phone the referrer signs in on through the app binds the friend as refused; another phone is not", async () => {
    const referrer = await person("Kunle Afolabi");
    const code = await referralCodeFor(referrer.id);
    expect((await login(referrer.email, "kunle-tecno-0001")).status).toBe(200);
    const register = async (name: string, phoneId: string) => {
      const email = `${name.split(" ")[0]!.toLowerCase()}.${Date.now()}@example.ng`;
      const body = {
        name,
        email,
        phone: uniquePhone(),
        password: "sunshine1",
        agreedToTerms: true,
        referralCode: code,
        deviceInfo: device(phoneId),
      };
      expect(await call("POST", "/auth/register", { body })).toMatchObject({ status: 201 });
      const [user] = await getDb().select().from(users).where(eq(users.email, email));
      const [binding] = await getDb().select().from(referrals).where(eq(referrals.referredId, user!.id));
      return binding;
    };
    expect(await register("Bayo Afolabi", "kunle-tecno-0001")).toMatchObject({ status: "refused", refusal: "same_device" });
    expect(await register("Sade Okafor", "sade-infinix-0001")).toMatchObject({ status: "active", refusal: null });
  });
});

describe("signing in from a device", () => {
  it("answers the person and a token pair by e-mail or phone, and a wrong password without saying which part was wrong", async () => {
    const ngozi = await person();
    const signedIn = await login(ngozi.email, "tecno-camon-0001");
    expect(signedIn.status).toBe(200);
    const answer = ZLoginAnswer.parse(signedIn.body);
    expect(answer).toMatchObject({
      expiresIn: 900,
      deviceId: "tecno-camon-0001",
      user: { id: ngozi.id, platform: "mobile", role: "customer" },
    });
    expect(answer.token).toMatch(/^zat_/);
    expect(answer.refreshToken).toMatch(/^zrt_/);

    const byPhone = await call("POST", "/auth/login", {
      body: { phone: `0${ngozi.phone.slice(4)}`, password: "sunshine1", platform: "mobile", deviceInfo: device("tecno-camon-0002") },
    });
    expect(byPhone).toMatchObject({ status: 200, body: { user: { id: ngozi.id } } });

    expect(await login(ngozi.email, "tecno-camon-0001", "sunshine2")).toMatchObject({
      status: 401,
      body: { code: "unauthenticated", message: "Invalid email or password" },
    });
    expect(await login("nobody.here@example.ng", "tecno-camon-0001")).toMatchObject({
      status: 401,
      body: { message: "Invalid email or password" },
    });

    const me = await call("GET", "/me", { token: answer.token, headers: { "X-Platform": "mobile" } });
    expect(me).toMatchObject({ status: 200, body: { id: ngozi.id, email: ngozi.email, emailVerified: false } });
    // A role changed meanwhile counts at once: it is read from the database, not the token.
    await getDb().update(users).set({ role: "staff" }).where(eq(users.id, ngozi.id));
    expect(await call("GET", "/me", { token: answer.token })).toMatchObject({ body: { role: "staff" } });
  });

  it("is refused after five wrong passwords for the account, even with the right one", async () => {
    const tunde = await person("Tunde Bakare");
    for (let i = 0; i < 5; i++) expect((await login(tunde.email, "itel-p40-000001", `wrong-${i}`)).status).toBe(401);
    expect(await login(tunde.email, "itel-p40-000001")).toMatchObject({ status: 429, body: { code: "rate_limited" } });
  });

  it("refuses no token, a forged one and an expired one with 401 and nothing else", async () => {
    const none = await call("GET", "/me");
    expect(none).toMatchObject({ status: 401, body: { code: "unauthenticated" } });
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(await call("GET", "/me", { token: `zat_${"A".repeat(43)}` })).toMatchObject({ status: 401 });
    expect(await call("GET", "/me", { token: "not-a-token" })).toMatchObject({ status: 401 });
    const ada = await person("Adaeze Okonkwo");
    const { token } = ZLoginAnswer.parse((await login(ada.email, "infinix-hot-30-01")).body);
    await getDb().execute(`update api_access_tokens set expires_at = now() - interval '1 second'`);
    expect(await call("GET", "/me", { token })).toMatchObject({ status: 401 });
  });
});

describe("the sign-in limits", () => {
  it("count wrong passwords per account, whether typed by e-mail or by phone, on the site or in the app", async () => {
    const bola = await person("Bola Ahmed");
    const national = `0${bola.phone.slice(4)}`;
    const byPhone = (password: string) =>
      call("POST", "/auth/login", { body: { phone: national, password, platform: "mobile", deviceInfo: device("tecno-spark-0099") } });
    for (let i = 0; i < 2; i++) expect((await login(bola.email, "tecno-spark-0099", `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await byPhone(`wrong-phone-${i}`)).status).toBe(401);
    // The website's sign-in counts against the same account.
    expect(await signIn(bola.email, "wrong-on-the-site", "10.66.0.9", browserHeaders())).toMatchObject({
      ok: false,
      error: { status: 401 },
    });
    expect(await byPhone("sunshine1")).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(await login(bola.email, "tecno-spark-0099")).toMatchObject({ status: 429 });
  });

  it("take as long for an address with no account as for a wrong password, so the time does not tell who has one", async () => {
    const known = [];
    for (let i = 0; i < 5; i++) known.push(await person(`Timing Person ${i}`));
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await login(email, "timing-phone-0001", "not-the-password")).status).toBe(401);
      return performance.now() - started;
    };
    await timed("warm.up@example.ng");
    const wrongPassword: number[] = [];
    const noAccount: number[] = [];
    // Taken in turns, so a busy moment of the machine falls on both.
    for (let i = 0; i < 5; i++) {
      wrongPassword.push(await timed(known[i]!.email));
      noAccount.push(await timed(`nobody.${i}.${Date.now()}@example.ng`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Before the stand-in hash: about 15 ms against 250 ms, a ratio of 0.06.
    expect(median(noAccount) / median(wrongPassword), `${noAccount.join(", ")} against ${wrongPassword.join(", ")}`).toBeGreaterThan(0.5);
  });
});

describe("turning on two-factor", () => {
  it("signs every app out: its tokens stop working, the devices show signed out, and a password alone no longer signs in", async () => {
    const kemi = await registeredPerson("Kemi Adebayo", { confirmed: true });
    const first = ZLoginAnswer.parse((await login(kemi.email, "kemi-phone-00001")).body);
    const second = ZLoginAnswer.parse((await login(kemi.email, "kemi-tablet-0001")).body);
    const { cookie } = await createSession(kemi.id);
    const asker = { headers: browserHeaders(cookie), email: kemi.email, ip: "10.67.0.1" };
    const started = orFail(await startTwoFactor(asker, "sunshine1"));
    orFail(await confirmTwoFactor(kemi.id, asker.headers, totp(started.secret)));

    for (const pair of [first, second]) {
      expect(await call("GET", "/me", { token: pair.token })).toMatchObject({ status: 401 });
      expect(await call("POST", "/auth/refresh", { body: { refreshToken: pair.refreshToken } })).toMatchObject({ status: 401 });
    }
    const families = await getDb().select().from(apiTokenFamilies).where(eq(apiTokenFamilies.userId, kemi.id));
    expect(families.map((f) => f.revokedReason)).toEqual(["second_factor_on", "second_factor_on"]);
    expect((await listSignedInDevices(kemi.id)).map((d) => d.active)).toEqual([false, false]);
    expect((await login(kemi.email, "kemi-phone-00001")).status).toBe(403);
  });

  it("ends a sign-in made before it even where turning it on could not end it", async () => {
    const yemi = await person("Yemi Alade");
    const signedIn = ZLoginAnswer.parse((await login(yemi.email, "yemi-phone-00001")).body);
    // As if the process stopped between the second factor being saved and the app's sign-ins being ended.
    await getDb().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, yemi.id));
    expect(await call("GET", "/me", { token: signedIn.token })).toMatchObject({ status: 401 });
    expect(await call("POST", "/auth/refresh", { body: { refreshToken: signedIn.refreshToken } })).toMatchObject({ status: 401 });
  });
});

describe("a password change", () => {
  it("signs every device out of the API, as it does the website's other sessions", async () => {
    const femi = await person("Femi Adebayo");
    const signedIn = ZLoginAnswer.parse((await login(femi.email, "femi-phone-00001")).body);
    expect(await call("GET", "/me", { token: signedIn.token })).toMatchObject({ status: 200 });
    // What better-auth's change and reset of a password both do.
    const ctx = await getAuth().$context;
    await ctx.internalAdapter.updatePassword(femi.id, await ctx.password.hash("moonlight2"));
    expect(await call("GET", "/me", { token: signedIn.token })).toMatchObject({ status: 401 });
    expect(await call("POST", "/auth/refresh", { body: { refreshToken: signedIn.refreshToken } })).toMatchObject({ status: 401 });
    expect((await login(femi.email, "femi-phone-00001", "moonlight2")).status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotate every time; a retry within the grace window gets the same pair; a reuse after it ends the device's sign-in", async () => {
    const emeka = await person("Emeka Obi");
    const first = ZLoginAnswer.parse((await login(emeka.email, "samsung-a15-0001")).body);

    // Two refreshes at once (two parallel 401s) rotate once and both get the same new pair.
    const [a, b] = await Promise.all([
      call("POST", "/auth/refresh", { body: { refreshToken: first.refreshToken } }),
      call("POST", "/auth/refresh", { body: { refreshToken: first.refreshToken } }),
    ]);
    expect(a.status).toBe(200);
    expect([b.status, b.body.token, b.body.refreshToken]).toEqual([200, a.body.token, a.body.refreshToken]);
    const second = a.body as { token: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await call("GET", "/me", { token: second.token })).toMatchObject({ status: 200 });

    // The next rotation, then the first token again once the grace window has passed: the family is ended.
    const third = await call("POST", "/auth/refresh", { body: { refreshToken: second.refreshToken } });
    expect(third.status).toBe(200);
    const later = new Date(Date.now() + (REFRESH_GRACE_SECONDS + 5) * 1000);
    const log = watchLog();
    expect(await refreshDeviceTokens(first.refreshToken, later)).toMatchObject({ ok: false, error: { code: "unauthenticated" } });
    expect(await call("GET", "/me", { token: (third.body as { token: string }).token })).toMatchObject({ status: 401 });
    expect(
      await call("POST", "/auth/refresh", { body: { refreshToken: (third.body as { refreshToken: string }).refreshToken } }),
    ).toMatchObject({
      status: 401,
    });
    const families = await getDb().select().from(apiTokenFamilies).where(eq(apiTokenFamilies.userId, emeka.id));
    expect(families.map((f) => f.revokedReason)).toEqual(["refresh_reused"]);
    log.expectLogged("a rotated refresh token was used again: the device is signed out", { familyId: families[0]!.id });
    // Signing in again works.
    expect((await login(emeka.email, "samsung-a15-0001")).status).toBe(200);
  });
});

describe("devices", () => {
  it("are listed, and signing one out leaves the others signed in; another person's device is not found", async () => {
    const bola = await person("Bola Ahmed");
    const phone = ZLoginAnswer.parse((await login(bola.email, "bola-phone-0001")).body);
    const tablet = ZLoginAnswer.parse((await login(bola.email, "bola-tablet-0001")).body);
    const listed = await call("GET", "/devices", { token: phone.token });
    expect((listed.body.devices as { clientId: string; isActive: boolean }[]).map((d) => [d.clientId, d.isActive]).sort()).toEqual([
      ["bola-phone-0001", true],
      ["bola-tablet-0001", true],
    ]);

    expect(await call("POST", "/auth/logout", { token: phone.token, body: { deviceId: "bola-phone-0001" } })).toMatchObject({
      status: 200,
      body: { signedOut: true },
    });
    expect(await call("GET", "/me", { token: phone.token })).toMatchObject({ status: 401 });
    expect(await call("GET", "/me", { token: tablet.token })).toMatchObject({ status: 200 });

    const other = await person("Chioma Nwankwo");
    const theirs = ZLoginAnswer.parse((await login(other.email, "chioma-phone-01")).body);
    const [theirDevice] = await getDb().select().from(apiDevices).where(eq(apiDevices.userId, other.id));
    expect(await call("DELETE", `/devices/${theirDevice!.id}`, { token: tablet.token })).toMatchObject({ status: 404 });
    expect(await call("GET", "/me", { token: theirs.token })).toMatchObject({ status: 200 });
    const [mine] = await getDb().select().from(apiDevices).where(eq(apiDevices.clientId, "bola-tablet-0001"));
    expect(await call("DELETE", `/devices/${mine!.id}`, { token: tablet.token })).toMatchObject({ status: 200 });
    expect(await call("GET", "/me", { token: tablet.token })).toMatchObject({ status: 401 });
  });

  it("go with their tokens when the person's data is deleted", async () => {
    const musa = await person("Musa Abdullahi");
    const { token } = ZLoginAnswer.parse((await login(musa.email, "musa-phone-00001")).body);
    await getDb().transaction((tx) => forgetApiDevices(tx, { userId: musa.id } as TPersonToForget));
    expect(await call("GET", "/me", { token })).toMatchObject({ status: 401 });
    expect(await getDb().select().from(apiDevices).where(eq(apiDevices.userId, musa.id))).toEqual([]);
  });

  it("sync answers the profile and whether it changed since the device last synced", async () => {
    const kemi = await person("Kemi Adeyemi");
    const { token, user } = ZLoginAnswer.parse((await login(kemi.email, "kemi-phone-0001")).body);
    const since = await call("POST", "/auth/sync", {
      token,
      body: { deviceId: "kemi-phone-0001", authState: { userId: user.id, lastSync: user.lastSync } },
    });
    expect(since).toMatchObject({ status: 200, body: { changed: false, user: { name: "Kemi Adeyemi" } } });
    await getDb()
      .update(users)
      .set({ name: "Kemi Adeyemi-Bello", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(users.id, kemi.id));
    const after = await call("POST", "/auth/sync", {
      token,
      body: { deviceId: "kemi-phone-0001", authState: { userId: user.id, lastSync: user.lastSync } },
    });
    expect(after).toMatchObject({ body: { changed: true, user: { name: "Kemi Adeyemi-Bello" } } });
  });
});
