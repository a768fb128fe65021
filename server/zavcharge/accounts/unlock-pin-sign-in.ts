import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TDriverSignIn } from "@domain/zavcharge/accounts/account-rules";
import { isPinIdLocked, liftPinIdLock } from "../../auth/rate-limits";

/** Whether PIN entry on this account is stopped by wrong PINs from several addresses (docs/product/zavcharge.md#wrong-pins). */
export function isPinSignInPaused(code: string): Promise<boolean> {
  return isPinIdLocked(code);
}

/**
 * The driver, signed in with the site account's password, lets PIN entry on their account start again
 * (docs/product/zavcharge.md#wrong-pins). The addresses that guessed stay stopped.
 */
export async function unlockPinSignIn(driver: { code: string; via: TDriverSignIn }): Promise<TResult> {
  if (driver.via !== "password") return refuse("forbidden", "Sign in with your e-mail and password to unlock PIN sign-in.");
  await liftPinIdLock(driver.code);
  return succeed();
}
