import { inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "../db/client";
import { fingerprint } from "./fingerprint";
import { erasedAddressFingerprints } from "./schema";

// Addresses of people who had their data deleted (docs/product/privacy-requests.md#never-again): kept only as a
// fingerprint, so a list imported later (CRM, campaigns, the old system's customers) cannot bring them back.

const fingerprintOf = (email: string) => fingerprint("erased-address", email.trim().toLowerCase());

/** Inside the deletion's transaction: the address is remembered as a fingerprint. */
export async function rememberErasedAddress(tx: DbOrTx, email: string): Promise<void> {
  await tx
    .insert(erasedAddressFingerprints)
    .values({ fingerprint: fingerprintOf(email) })
    .onConflictDoNothing();
}

/** Which of these addresses (as given) belong to people who had their data deleted. */
export async function findErasedAddresses(emails: readonly string[], db: DbOrTx = getDb()): Promise<Set<string>> {
  const byPrint = new Map<string, string[]>();
  for (const email of emails) {
    const print = fingerprintOf(email);
    byPrint.set(print, [...(byPrint.get(print) ?? []), email]);
  }
  const found = new Set<string>();
  const prints = [...byPrint.keys()];
  for (let i = 0; i < prints.length; i += 1000) {
    const rows = await db
      .select({ fingerprint: erasedAddressFingerprints.fingerprint })
      .from(erasedAddressFingerprints)
      .where(inArray(erasedAddressFingerprints.fingerprint, prints.slice(i, i + 1000)));
    for (const r of rows) for (const email of byPrint.get(r.fingerprint) ?? []) found.add(email);
  }
  return found;
}

/** The reason a list's line is left out. */
export const ERASED_ADDRESS_REASON = "This person asked us to delete their data";
