import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZSignUp } from "@domain/auth/auth-input";
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

const INVALID_CODE = "That staff code is not valid. Ask an administrator for a new one.";

/**
 * Creates a customer or staff account. A staff code is claimed atomically first (single use), and released
 * again if the account cannot be created; the account row carries role, phone and staff fields from the start.
 * `newUserId` is for the caller's own bookkeeping (a ZavCharge registration waiting for the confirmation): it is
 * null when the address already had an account, and must never reach the person registering, who is answered the
 * same either way.
 */
export async function registerUser(
  input: z.output<typeof ZSignUp>,
  ip: string,
  joining?: "zavcharge",
): Promise<TResult<{ newUserId: string | null }>> {
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
    return succeed({ newUserId: result.user.id });
  } catch (error) {
    if (claimed) await releaseStaffCode(db, claimed.id);
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "PASSWORD_TOO_SHORT") return refuse("invalid_input", "Password must be at least 6 characters", { field: "password" });
    return refuse("invalid_input", auth.message || "Registration failed. Please try again.");
  }
}
