import type { TCapability } from "@domain/access/roles";
import type { DbOrTx } from "../db/client";
import { userCapabilities } from "./schema";

/** Gives a user a capability (a student on enrolment, for instance); granting one they have changes nothing. */
export async function grantCapability(tx: DbOrTx, userId: string, capability: TCapability) {
  await tx.insert(userCapabilities).values({ userId, capability }).onConflictDoNothing();
}
