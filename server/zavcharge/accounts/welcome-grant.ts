import { and, eq, inArray } from "drizzle-orm";
import { formatNigerianPhone } from "@domain/nigeria/phone";
import { mailboxOf } from "@domain/referrals/referral";
import { deviceKey, signInDeviceHashes } from "../../auth/remember-sign-in-device";
import type { DbOrTx } from "../../db/client";
import { fingerprint } from "../../privacy/fingerprint";
import { zavchargeAccounts, zavchargeWelcomeGrants } from "./schema";
import { zavchargeWalletEntries } from "../wallet/schema";

// The welcome credit and the free first plan go once per person (docs/product/zavcharge.md#welcome-credit): a person is
// known by their site account, their confirmed e-mail's mailbox (the referral rule: case, a "+tag" and Gmail's dots set
// aside), their phone and every browser or app phone they have signed in on, each kept only as a fingerprint, so
// closing the account, deleting one's data and joining again, or a second site account with the same mailbox, phone
// or device, finds the earlier grant.

export type TWelcomePerson = {
  userId: string | null;
  email: string | null;
  phone: string | null;
  /** Keyed hashes of the devices seen at the person's sign-ins (server/auth/remember-sign-in-device.ts). */
  deviceHashes?: string[];
};

function welcomeKeys(p: TWelcomePerson): string[] {
  const keys: string[] = [];
  if (p.userId) keys.push(fingerprint("zavcharge-welcome:user", p.userId));
  if (p.email) {
    // The address as typed was the key before mailboxes were: an earlier grant under it still counts.
    keys.push(fingerprint("zavcharge-welcome:email", p.email.trim().toLowerCase()));
    keys.push(fingerprint("zavcharge-welcome:mailbox", mailboxOf(p.email)));
  }
  if (p.phone) keys.push(fingerprint("zavcharge-welcome:phone", formatNigerianPhone(p.phone)));
  for (const hash of new Set(p.deviceHashes ?? [])) keys.push(fingerprint("zavcharge-welcome:device", hash));
  return [...new Set(keys)];
}

/** The keyed hashes of the devices a person is known by: those of their sign-ins, and the one they are on now. */
export async function welcomeDeviceHashes(tx: DbOrTx, userId: string, deviceId: string | null | undefined): Promise<string[]> {
  return [...(await signInDeviceHashes(tx, userId)), ...(deviceId ? [deviceKey(deviceId)] : [])];
}

/** Whether none of the person's keys has had the welcome: read only, so nothing is spent by asking. */
export async function welcomeStillDue(tx: DbOrTx, person: TWelcomePerson): Promise<boolean> {
  const keys = welcomeKeys(person);
  if (keys.length === 0) return false;
  const [taken] = await tx
    .select({ fingerprint: zavchargeWelcomeGrants.fingerprint })
    .from(zavchargeWelcomeGrants)
    .where(inArray(zavchargeWelcomeGrants.fingerprint, keys))
    .limit(1);
  return !taken;
}

/**
 * Inside the transaction that opens the account: records the person's keys and says whether this account gets the
 * welcome credit and plan, which it does only when none of its keys was recorded before. Two openings at once for the
 * same person meet on the keys' primary key: the second waits for the first and finds them taken.
 */
export async function claimWelcomeGrant(tx: DbOrTx, accountId: number, person: TWelcomePerson): Promise<boolean> {
  const keys = welcomeKeys(person);
  if (keys.length === 0) return false;
  const recorded = await tx
    .insert(zavchargeWelcomeGrants)
    .values(keys.map((key) => ({ fingerprint: key, accountId })))
    .onConflictDoNothing()
    .returning({ fingerprint: zavchargeWelcomeGrants.fingerprint });
  return recorded.length === keys.length;
}

/**
 * Before accounts lose their person (closing, deletion): the keys of those that had a welcome credit are recorded, so
 * accounts opened before grants were recorded at opening are covered too. Nothing is recorded twice.
 */
export async function rememberWelcomeGrants(tx: DbOrTx, accountIds: number[]): Promise<void> {
  if (accountIds.length === 0) return;
  const welcomed = await tx
    .selectDistinct({
      id: zavchargeAccounts.id,
      userId: zavchargeAccounts.userId,
      email: zavchargeAccounts.email,
      phone: zavchargeAccounts.phone,
    })
    .from(zavchargeAccounts)
    .innerJoin(
      zavchargeWalletEntries,
      and(eq(zavchargeWalletEntries.accountId, zavchargeAccounts.id), eq(zavchargeWalletEntries.kind, "welcome_credit")),
    )
    .where(inArray(zavchargeAccounts.id, accountIds));
  const rows = welcomed.flatMap((a) => welcomeKeys(a).map((key) => ({ fingerprint: key, accountId: a.id })));
  if (rows.length) await tx.insert(zavchargeWelcomeGrants).values(rows).onConflictDoNothing();
}
