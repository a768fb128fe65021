import { sql } from "drizzle-orm";
import { formatNigerianPhone } from "@domain/nigeria/phone";
import type { DbOrTx } from "../db/client";
import { users } from "./schema";

/** What a person types to sign in: their e-mail address, or (in the app) their phone number. */
export type TSignInIdentifier = { email: string } | { phone: string };

/**
 * The account an e-mail address or a phone number names (docs/product/accounts.md#rate-limits); a phone shared by two
 * accounts names none, so it can sign neither in.
 */
export async function findSignInAccount(db: DbOrTx, identifier: TSignInIdentifier): Promise<{ id: string } | null> {
  if ("email" in identifier)
    return (
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${identifier.email.trim().toLowerCase()}`)
      )[0] ?? null
    );
  const international = formatNigerianPhone(identifier.phone).slice(1); // 234...
  const national = `0${international.slice(3)}`;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') in (${international}, ${national})`)
    .limit(2);
  return found.length === 1 ? found[0]! : null;
}

/** The identifier as it is counted when it names no account: the address in lower case, the phone as +234…. */
export const identifierKey = (identifier: TSignInIdentifier) =>
  "email" in identifier ? identifier.email.trim().toLowerCase() : formatNigerianPhone(identifier.phone);
