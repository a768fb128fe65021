import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TSellerSuspension } from "@domain/marketplace/seller-application-input";
import { isErasedEmail } from "@domain/privacy/deletion-requests";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { changePublicContent } from "../http/page-cache";
import { sellers } from "./schema";

/**
 * An admin suspends a seller (their store and listings are hidden, payouts held) or lifts the suspension
 * (docs/product/marketplace.md#suspension). Audited with the reason.
 */
export async function setSellerSuspension(
  admin: TViewer,
  input: TSellerSuspension,
): Promise<TResult<{ displayName: string; suspended: boolean }>> {
  // The store page appears or disappears.
  return changePublicContent(async (tx) => {
    const [before] = await tx.select().from(sellers).where(eq(sellers.id, input.sellerId)).for("update");
    if (!before) return refuse("not_found", "That seller does not exist.");
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, before.userId));
    if (isErasedEmail(owner?.email))
      return refuse("conflict", "This store closed when its owner had their data deleted; it cannot open again.");
    if ((before.status === "suspended") === input.suspend)
      return refuse("conflict", input.suspend ? "This seller is already suspended." : "This seller is not suspended.");
    const change = input.suspend
      ? { status: "suspended", suspendedReason: input.reason, suspendedAt: new Date() }
      : { status: "active", suspendedReason: null, suspendedAt: null };
    await tx.update(sellers).set(change).where(eq(sellers.id, before.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: input.suspend ? "marketplace.seller.suspend" : "marketplace.seller.reinstate",
      resourceType: "seller",
      resourceId: before.id,
      oldData: { status: before.status, suspendedReason: before.suspendedReason },
      newData: { ...change, reason: input.reason },
    });
    return succeed({ displayName: before.displayName, suspended: input.suspend });
  });
}
