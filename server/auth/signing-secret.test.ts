import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { ZSignUp } from "@domain/auth/auth-input";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { authSecret, env, readEnv, TEST_ONLY_SECRET, useSigningSecret } from "../env";
import { outbox } from "../messaging/schema";
import { confirmEmail } from "./confirm-email";
import { registerUser } from "./register-user";
import { users } from "./schema";
import { loadSigningSecret, resolveSigningSecret, SIGNING_SECRET_FILE } from "./signing-secret";
import { browserThatAsked } from "../../tests/support/sessions";

// docs/product/accounts.md#the-signing-secret: `npm start` (NODE_ENV=production, SEED_DEMO=1, no BETTER_AUTH_SECRET)
// must never sign with a secret anyone can read in the repository.

useTestDatabase();

/** The fixed development secret main had in server/env.ts, public on GitHub. */
const PUBLISHED_SECRET = "development-only-secret-not-for-production-use-0123456789";
const dataFolder = () => mkdtempSync(join(tmpdir(), "zavolah-secret-"));
const npmStart = (dataDir: string) => ({ configured: undefined, nodeEnv: "production", databaseUrl: undefined, dataDir });

const saved = { ...env };
afterAll(() => {
  Object.assign(env, saved);
  useSigningSecret(undefined);
});

describe("the signing secret", () => {
  it("is generated at the first start into the data folder, readable by the server's user only, and kept for later starts", () => {
    const dir = dataFolder();
    const first = resolveSigningSecret(npmStart(dir));
    expect(first.source).toBe("generated");
    expect(first.secret.length).toBeGreaterThanOrEqual(64); // 48 random bytes
    const file = join(dir, SIGNING_SECRET_FILE);
    expect(readFileSync(file, "utf8")).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(resolveSigningSecret(npmStart(dir))).toEqual({ ...first, source: "data folder" });
    expect(resolveSigningSecret(npmStart(dataFolder())).secret).not.toBe(first.secret);
    expect([PUBLISHED_SECRET, TEST_ONLY_SECRET]).not.toContain(first.secret);
  });

  it("refuses to start in production on PostgreSQL without BETTER_AUTH_SECRET, and with a cut secret file, saying why", () => {
    expect(() => resolveSigningSecret({ ...npmStart(dataFolder()), databaseUrl: "postgres://db.internal/zavolah" })).toThrow(
      "BETTER_AUTH_SECRET must be set when DATABASE_URL is: every server on that database must sign with the same secret",
    );
    const dir = dataFolder();
    writeFileSync(join(dir, SIGNING_SECRET_FILE), "too-short\n");
    expect(() => resolveSigningSecret(npmStart(dir))).toThrow(/is shorter than 32 characters \(the file was cut or edited\)/);
  });

  it("refuses a BETTER_AUTH_SECRET shorter than 32 characters with a message that does not repeat it", () => {
    const attempt = () => readEnv({ BETTER_AUTH_SECRET: "my-short-secret" });
    expect(attempt).toThrow(/BETTER_AUTH_SECRET: is shorter than 32 characters\. Set a long random value/);
    expect(attempt).not.toThrow(/my-short-secret/);
  });

  it("outside Vitest, nothing signs until start-up has loaded a secret", () => {
    useSigningSecret(undefined);
    for (const NODE_ENV of ["production", "development"] as const) {
      Object.assign(env, { NODE_ENV, BETTER_AUTH_SECRET: undefined });
      expect(() => authSecret()).toThrow(/No signing secret/);
    }
    Object.assign(env, saved);
  });

  it("npm start: a confirmation link signed with the repository's secret is refused; the e-mailed one confirms", async () => {
    // What server/main.ts does first, with npm start's settings.
    Object.assign(env, {
      NODE_ENV: "production",
      SEED_DEMO: "1",
      BETTER_AUTH_SECRET: undefined,
      DATA_DIR: dataFolder(),
      DATABASE_URL: undefined,
    });
    expect(loadSigningSecret()).toMatchObject({ source: "generated" });
    Object.assign(env, { NODE_ENV: saved.NODE_ENV, DATABASE_URL: saved.DATABASE_URL });

    const input = ZSignUp.parse({
      name: "Ngozi Okafor",
      email: "ngozi.not-mine@example.ng",
      phone: "0803 555 1234",
      password: "sunshine1",
      confirmPassword: "sunshine1",
      agreedToTerms: "on",
    });
    expect((await registerUser(input, "10.30.0.1")).ok).toBe(true);
    for (const secret of [PUBLISHED_SECRET, TEST_ONLY_SECRET]) {
      const forged = await new SignJWT({ email: input.email })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode(secret));
      expect(await confirmEmail(forged, { browser: browserThatAsked(input.email), ip: "10.30.0.2" })).toMatchObject({
        ok: false,
        error: { message: "This confirmation link is invalid. Sign in to get a new one." },
      });
    }
    const [before] = await getDb().select({ verified: users.emailVerified }).from(users).where(eq(users.email, input.email));
    expect(before!.verified).toBe(false);

    const [mail] = await getDb().select().from(outbox).where(eq(outbox.recipient, input.email));
    const token = decodeURIComponent(/\/auth\/callback\?token=([^\s&]+)/.exec(mail!.text)![1]!);
    expect(await confirmEmail(token, { browser: browserThatAsked(input.email), ip: "10.30.0.2" })).toMatchObject({
      ok: true,
      alreadyConfirmed: false,
    });
  });
});
