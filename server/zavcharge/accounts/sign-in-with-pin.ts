import { and, eq, ne } from "drizzle-orm";
import type { TPinSignIn } from "@domain/zavcharge/accounts/account-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { beginPinAttempt, pinSucceeded, RateLimitedError } from "../../auth/rate-limits";
import { getDb } from "../../db/client";
import { openPinSession, type TPinSession } from "./open-pin-session";
import { verifyPin } from "./pin-hash";
import { zavchargeAccounts } from "./schema";

/**
 * Subscription id + PIN (docs/product/zavcharge.md#pins): the attempt is counted before the PIN is checked (the limits
 * of docs/product/zavcharge.md#wrong-pins), the PIN compared against its scrypt hash, and a PIN session opened.
 */
export async function signInWithPin(input: TPinSignIn, ip: string): Promise<TResult<TPinSession & { name: string }>> {
  try {
    await beginPinAttempt(input.subscriptionId, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const db = getDb();
  const [account] = await db
    .select({ id: zavchargeAccounts.id, name: zavchargeAccounts.name, pinHash: zavchargeAccounts.pinHash })
    .from(zavchargeAccounts)
    .where(and(eq(zavchargeAccounts.code, input.subscriptionId), ne(zavchargeAccounts.status, "closed")));
  const right = await verifyPin(input.pin, account?.pinHash ?? null);
  if (!account) return refuse("invalid_input", "Subscription ID not found", { field: "subscriptionId" });
  if (!right) return refuse("invalid_input", "Incorrect PIN", { field: "pin" });
  await pinSucceeded(input.subscriptionId, ip);
  return succeed({ ...(await openPinSession(db, account.id)), name: account.name ?? "" });
}
