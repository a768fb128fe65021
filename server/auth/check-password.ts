import { and, eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { getAuth } from "./auth";
import type { TAsker } from "./password-guess-limit";
import { beginSignInAttempt, RateLimitedError, type TSignInAttempt } from "./rate-limits";
import { accounts } from "./schema";

/** The account's password hash, or null for an account that has none. */
async function passwordHashOf(userId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/** Whether the account signs in with a password (the account page then asks for it before a serious change). */
export async function hasPassword(userId: string): Promise<boolean> {
  return (await passwordHashOf(userId)) !== null;
}

/**
 * The signed-in person's password, checked again before a change that cannot be undone: counted against the sign-in
 * limits like any guess (docs/product/accounts.md#rate-limits), so a stolen session cannot try passwords at speed.
 */
export async function checkPassword(asker: Pick<TAsker, "email" | "ip">, userId: string, password: string): Promise<TResult> {
  let attempt: TSignInAttempt;
  try {
    attempt = await beginSignInAttempt(asker.email, asker.ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message, { field: "password" });
    throw e;
  }
  const hash = await passwordHashOf(userId);
  const ctx = await getAuth().$context;
  if (!hash || !password || !(await ctx.password.verify({ password, hash })))
    return refuse("invalid_input", "Your current password is not correct", { field: "password" });
  await attempt.succeeded();
  return succeed();
}
