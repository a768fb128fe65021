import { rememberSignInDevice } from "./remember-sign-in-device";
import { queueAfterTransactionHook } from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getDb, getDbHandle, type DbHandle } from "../db/client";
import { authSecret, env, publicUrl } from "../env";
import { confirmEmail, resetPasswordEmail } from "../messaging/account-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { accounts, sessions, twoFactors, users, verifications } from "./schema";
import { registrationContext } from "./registration-context";
import { stampPasswordResetCompleted } from "./password-reset-audit";
import { dropPendingRegistration } from "../zavcharge/accounts/drop-pending-registration";
import { pendingSecondFactor } from "./pending-second-factor";

/**
 * better-auth calls its e-mail callbacks inside its own transaction. PGlite has one connection, so a write
 * through our db there would wait for that transaction forever: queue the outbox write for right after commit.
 * If the process dies in between, signing in (sendOnSignIn) or asking again sends a fresh link.
 */
async function afterCommit(write: () => Promise<unknown>) {
  await queueAfterTransactionHook(async () => void (await write()));
}

/** How often a session's 30 days start again from its last use (better-auth's `updateAge`). */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

function createAuth() {
  const siteUrl = publicUrl();
  return betterAuth({
    appName: "Zavolah",
    baseURL: siteUrl,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [siteUrl],
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "customer", input: false },
        phone: { type: "string", required: false, input: false },
        staffCode: { type: "string", required: false, input: false },
        department: { type: "string", required: false, input: false },
        points: { type: "number", required: false, defaultValue: 0, input: false },
        newsletterOptIn: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        await afterCommit(() =>
          enqueueEmail(
            getDb(),
            "password-reset",
            user,
            resetPasswordEmail(user.name, `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`),
          ),
        );
      },
      onPasswordReset: async ({ user }) => {
        await afterCommit(async () => {
          await stampPasswordResetCompleted(user.email);
          await dropPendingRegistration(getDb(), user.id);
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        await afterCommit(() =>
          enqueueEmail(
            getDb(),
            "email-confirmation",
            user,
            confirmEmail(user.name, `${siteUrl}/auth/callback?token=${encodeURIComponent(token)}`),
          ),
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const profile = registrationContext.getStore();
            // Accounts are made by register-user.ts (the seed and the data migration insert rows); anything else stays a customer.
            return {
              data: {
                ...user,
                role: profile?.role ?? "customer",
                phone: profile?.phone ?? null,
                staffCode: profile?.staffCode ?? null,
                department: profile?.department ?? null,
                newsletterOptIn: profile?.newsletterOptIn ?? false,
                points: 0,
              },
            };
          },
        },
      },
      session: {
        create: {
          // The browser it was made in, for the referral fraud checks (remember-sign-in-device.ts).
          after: async (session, ctx) => rememberSignInDevice(session.userId, ctx?.headers?.get("x-zavolah-device")),
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: SESSION_UPDATE_AGE_SECONDS },
    rateLimit: { enabled: env.NODE_ENV === "production", window: 60, max: 100 },
    advanced: {
      cookiePrefix: "zavolah",
      useSecureCookies: siteUrl.startsWith("https://"),
      // server/main.ts stamps the real client address here (see http/client-ip.ts).
      ipAddress: { ipAddressHeaders: ["x-zavolah-peer"] },
    },
    telemetry: { enabled: false },
    plugins: [twoFactor({ issuer: "Zavolah" }), pendingSecondFactor()],
  });
}

export type TAuth = ReturnType<typeof createAuth>;

// Built lazily (importing has no side effects) and rebuilt if the database handle changes (tests).
let cached: { handle: DbHandle; auth: TAuth } | undefined;

export function getAuth(): TAuth {
  const handle = getDbHandle();
  if (!cached || cached.handle !== handle) cached = { handle, auth: createAuth() };
  return cached.auth;
}
