import { eq } from "drizzle-orm";
import type { TDriverRegistration } from "@domain/zavcharge/account-input";
import { refuse, settle, succeed, type TResult } from "@domain/errors/app-error";
import { users } from "../auth/schema";
import { registerUser } from "../auth/register-user";
import { getDb } from "../db/client";
import { openDriverAccount, type TOpenedDriverAccount } from "./open-driver-account";
import { openPinSession, type TPinSession } from "./open-pin-session";

/**
 * Registering in the ZavCharge context (docs/product/zavcharge.md#accounts): a new site account (confirmed by
 * e-mail, through the usual registration and its rate limit), then its ZavCharge account and a PIN session, so
 * the driver sees the new id at once. An e-mail that already has a site account is asked to sign in first:
 * a ZavCharge account is never attached to an account the person has not proved is theirs.
 */
export async function registerDriver(
  input: TDriverRegistration,
  ip: string,
): Promise<TResult<TOpenedDriverAccount & { session: TPinSession }>> {
  const db = getDb();
  const [existed] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  const site = await registerUser({ ...input, role: "customer", staffCode: undefined }, ip);
  if (!site.ok) return site;
  if (existed)
    return refuse(
      "conflict",
      "This e-mail already has a Zavolah account. Sign in with it first, then join ZavCharge from the ZavCharge page.",
      {
        field: "email",
      },
    );
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (!user) throw new Error("the new site account is missing");
  return settle(() =>
    db.transaction(async (tx) => {
      const opened = await openDriverAccount(tx, {
        userId: user.id,
        name: input.name,
        email: input.email,
        phone: input.phone,
        pin: input.pin,
      });
      return succeed({ ...opened, session: await openPinSession(tx, opened.accountId) });
    }),
  );
}
