import { eq } from "drizzle-orm";
import type { TRegistration } from "@domain/auth/auth-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { attachStaffCodeUser, claimStaffCode, isStaffCodeUsable, releaseStaffCode } from "../users/claim-staff-code";
import { publicUrl } from "../env";
import { accountExistsEmail } from "../messaging/account-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { getAuth } from "./auth";
import { users } from "./schema";
import { authErrorCode } from "./auth-errors";
import { consumeSignUpRequest, RateLimitedError } from "./rate-limits";
import { registrationContext } from "./registration-context";
import { bindReferral, referralCodeExists } from "../referrals/bind-referral";

const INVALID_CODE = "That staff code is not valid. Ask an administrator for a new one.";

/**
 * Creates a customer or staff account. A staff code is claimed atomically first (single use), and released
 * again if the account cannot be created; the account row carries role, phone and staff fields from the start.
 * `newUserId` is for the caller's own bookkeeping (a ZavCharge registration waiting for the confirmation): it is
 * null when the address already had an account, and must never reach the person registering, who is answered the
 * same either way.
 */
export async function registerUser(
  input: TRegistration,
  ip: string,
  options: { joining?: "zavcharge"; referralLinkCode?: string | null; deviceId?: string | null } = {},
): Promise<TResult<{ newUserId: string | null }>> {
  const { joining } = options;
  const db = getDb();
  try {
    await consumeSignUpRequest(input.email, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const code = input.role === "staff" ? input.staffCode!.toUpperCase() : null;
  // The code is checked before anything else, so its answer cannot tell whether the address is registered.
  if (code && !(await isStaffCodeUsable(db, code))) return refuse("invalid_input", INVALID_CODE, { field: "staffCode" });
  // A referral code typed at sign-up must be someone's; checked before the address, for the same reason.
  if (input.referralCode && !(await referralCodeExists(input.referralCode)))
    return refuse("invalid_input", "No one has that referral code. Check it, or leave the box empty.", { field: "referralCode" });
  // An address that already has an account gets the same answer as a new one (no way to probe who is
  // registered); its owner is told by e-mail instead. No staff code is spent on it.
  const [existing] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.email, input.email));
  if (existing) {
    await enqueueEmail(db, "account-exists", existing, accountExistsEmail(existing.name, publicUrl(), joining));
    return succeed({ newUserId: null });
  }

  let claimed: { id: number; department: string } | undefined;
  if (code) {
    claimed = await claimStaffCode(db, code);
    if (!claimed) return refuse("invalid_input", INVALID_CODE, { field: "staffCode" });
  }

  try {
    const result = await registrationContext.run(
      {
        role: input.role,
        phone: input.phone,
        staffCode: claimed ? code : null,
        department: claimed?.department ?? null,
        newsletterOptIn: input.agreedToNewsletter,
      },
      () =>
        getAuth().api.signUpEmail({
          body: { name: input.name, email: input.email, password: input.password, callbackURL: "/auth/callback" },
        }),
    );
    if (claimed) await attachStaffCodeUser(db, claimed.id, result.user.id);
    // Only a new account is bound to a referrer (docs/product/refer-and-earn.md#attribution); a typed code wins over
    // a link opened earlier in this browser.
    const referral = input.referralCode
      ? { code: input.referralCode, source: "code" as const }
      : options.referralLinkCode
        ? { code: options.referralLinkCode, source: "link" as const }
        : null;
    if (referral && input.role === "customer") await bindReferral(result.user.id, referral.code, referral.source, ip, options.deviceId);
    return succeed({ newUserId: result.user.id });
  } catch (error) {
    if (claimed) await releaseStaffCode(db, claimed.id);
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "PASSWORD_TOO_SHORT") return refuse("invalid_input", "Password must be at least 6 characters", { field: "password" });
    return refuse("invalid_input", auth.message || "Registration failed. Please try again.");
  }
}
