import type { TDriverRegistration } from "@domain/zavcharge/accounts/account-input";
import { succeed, type TResult } from "@domain/errors/app-error";
import { registerUser } from "../../auth/register-user";
import { getDb } from "../../db/client";
import { hashPin } from "./pin-hash";
import { zavchargePendingRegistrations } from "./schema";

/**
 * Registering in the ZavCharge context (docs/product/zavcharge.md#accounts): a new site account through the usual
 * registration (its rate limit, its confirmation e-mail), with the ZavCharge details kept waiting until the e-mail
 * is confirmed: no account, credit, plan, PIN session or SMS before then. An address that already has an account
 * is answered the same, and its owner is told by e-mail to sign in and join.
 */
export async function registerDriver(
  input: TDriverRegistration,
  ip: string,
  browser: { referralLinkCode?: string | null; deviceId?: string | null } = {},
): Promise<TResult> {
  // A referral link opened in this browser binds the new account as on the site's own form (refer-and-earn.md#attribution).
  const site = await registerUser({ ...input, role: "customer", staffCode: undefined, referralCode: "" }, ip, {
    joining: "zavcharge",
    ...browser,
  });
  if (!site.ok) return site;
  // Hashed for a known address too, so the time the answer takes does not tell.
  const pinHash = input.pin ? await hashPin(input.pin) : null;
  if (site.newUserId)
    await getDb().insert(zavchargePendingRegistrations).values({ userId: site.newUserId, name: input.name, phone: input.phone, pinHash });
  return succeed();
}
