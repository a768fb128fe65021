import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { expireCookie, setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/**
 * The sign-in waiting for its second step (docs/product/accounts.md#two-factor-authentication). After the right
 * password, better-auth's two-factor plugin signs nobody in: it stores a short-lived row (value: the user id) and gives
 * the browser a signed `two_factor` cookie naming it. These server-only endpoints (never reachable over HTTP) read that
 * cookie the same way, so our own checks know whose sign-in it is, and finish it once a texted code was right.
 */
const TWO_FACTOR_COOKIE = "two_factor";

export function pendingSecondFactor() {
  return {
    id: "zavolah-pending-second-factor",
    endpoints: {
      /** The user whose password was right and whose second step is still open, or null. */
      pendingSecondFactorUser: createAuthEndpoint.serverOnly({ method: "POST" }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        const row = identifier ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null;
        const userId = row && row.expiresAt > new Date() ? row.value : null;
        return ctx.json({ userId });
      }),
      /**
       * Finishes the pending sign-in of `userId` (whose second factor was just checked): the pending row is used up,
       * a session starts and its cookie is set, the two_factor cookie is cleared. As better-auth does for its own factors.
       */
      finishSecondFactorSignIn: createAuthEndpoint.serverOnly({ method: "POST", body: z.object({ userId: z.string() }) }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        const consumed = identifier ? await ctx.context.internalAdapter.consumeVerificationValue(identifier) : null;
        if (!consumed || consumed.value !== ctx.body.userId) {
          expireCookie(ctx, cookie);
          throw APIError.from("UNAUTHORIZED", { code: "INVALID_TWO_FACTOR_COOKIE", message: "The sign-in has expired" });
        }
        const user = await ctx.context.internalAdapter.findUserById(consumed.value);
        if (!user) throw APIError.from("UNAUTHORIZED", { code: "INVALID_TWO_FACTOR_COOKIE", message: "The sign-in has expired" });
        const dontRememberMe = await ctx.getSignedCookie(ctx.context.authCookies.dontRememberToken.name, ctx.context.secret);
        const session = await ctx.context.internalAdapter.createSession(user.id, !!dontRememberMe);
        await setSessionCookie(ctx, { session, user });
        expireCookie(ctx, cookie);
        return ctx.json({ userId: user.id, name: user.name });
      }),
    },
  } satisfies BetterAuthPlugin;
}
