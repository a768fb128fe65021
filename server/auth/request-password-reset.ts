import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { isErasedEmail } from "@domain/privacy/deletion-requests";
import { getAuth } from "./auth";
import { recordPasswordResetRequest } from "./password-reset-audit";
import { consumeResetRequest, RateLimitedError } from "./rate-limits";

/**
 * Logs the request (docs/product/accounts.md#password-reset) and asks better-auth to send the link. The answer is the same whether
 * or not the e-mail has an account, so the form cannot be used to find out who is registered.
 */
export async function requestPasswordReset(email: string, ip: string, userAgent: string | null): Promise<TResult> {
  try {
    await consumeResetRequest(email, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  // A deleted account's address reaches nobody, and its account must never get a password again
  // (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): answered like an unknown address.
  if (isErasedEmail(email)) return succeed();
  await recordPasswordResetRequest(email, ip, userAgent);
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
  return succeed();
}
