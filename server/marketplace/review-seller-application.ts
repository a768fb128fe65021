import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { slugify } from "@domain/text/slug";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TApplicationStatus, TSellerKind } from "@domain/marketplace/marketplace";
import type { TApplicationReview } from "@domain/marketplace/seller-application-input";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { getDb, type DbOrTx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { sellerApprovedEmail, sellerInfoRequestedEmail, sellerRejectedEmail } from "../messaging/marketplace-emails";
import { bumpContentVersion } from "../http/page-cache";
import { notifyUser } from "../notifications/notify-user";
import { grantCapability } from "../users/grant-capability";
import { sellerApplications, sellers } from "./schema";

/** A store address from the business name, numbered when another seller has it ("adire-interiors-2"). */
async function freeStoreSlug(tx: DbOrTx, name: string): Promise<string> {
  const base = slugify(name).slice(0, 60) || "seller";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.slug, candidate));
    if (!taken) return candidate;
  }
}

/**
 * An admin decides on an application (docs/product/marketplace.md#review): approve (the seller or architect
 * capability, the seller's store, an e-mail), reject with a reason, or ask for more. Audited; one decision per
 * application state, so two admins deciding at once cannot both win.
 */
export async function reviewSellerApplication(
  admin: TViewer,
  input: TApplicationReview,
): Promise<TResult<{ businessName: string; status: TApplicationStatus; storeSlug: string | null }>> {
  const result = await getDb().transaction(async (tx) => {
    const [application] = await tx.select().from(sellerApplications).where(eq(sellerApplications.id, input.applicationId)).for("update");
    if (!application) return refuse("not_found", "That application does not exist.");
    const status = application.status as TApplicationStatus;
    if (status === "approved" || status === "rejected") return refuse("conflict", "This application has already been decided.");
    if (status === "needs_info" && input.decision === "ask_info")
      return refuse("conflict", "The applicant has not answered the last request yet.");
    const [applicant] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, application.userId));
    if (!applicant) return refuse("not_found", "That application does not exist.");
    const kind = application.kind as TSellerKind;
    const mail = { name: applicant.name, businessName: application.businessName, kind };
    const next: TApplicationStatus = input.decision === "approve" ? "approved" : input.decision === "reject" ? "rejected" : "needs_info";
    if (next === "approved") {
      const [existing] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, application.userId));
      if (existing) return refuse("conflict", "This person already sells on the marketplace.");
    }
    const reviewed = { status: next, reviewNote: input.note, reviewedBy: admin.id, reviewedAt: new Date() };
    await tx.update(sellerApplications).set(reviewed).where(eq(sellerApplications.id, application.id));

    let storeSlug: string | null = null;
    if (next === "approved") {
      storeSlug = await freeStoreSlug(tx, application.businessName);
      await tx.insert(sellers).values({
        userId: application.userId,
        applicationId: application.id,
        slug: storeSlug,
        kind,
        displayName: application.businessName,
        bio: application.bio,
        category: application.category,
        phone: application.phone,
        pickupState: application.pickupState,
        pickupLga: application.pickupLga,
        bankCode: application.bankCode,
        accountNumber: application.accountNumber,
        accountName: application.accountName,
        accountVerified: application.accountVerified,
      });
      await grantCapability(tx, application.userId, kind);
      await enqueueEmail(tx, "seller_approved", applicant, sellerApprovedEmail({ ...mail, storeSlug }, publicUrl()));
    } else if (next === "rejected") {
      await enqueueEmail(tx, "seller_rejected", applicant, sellerRejectedEmail({ ...mail, reason: input.note! }, publicUrl()));
    } else {
      await enqueueEmail(tx, "seller_info_requested", applicant, sellerInfoRequestedEmail({ ...mail, request: input.note! }, publicUrl()));
    }
    await notifyUser(tx, {
      userId: application.userId,
      type: "other",
      title:
        next === "approved"
          ? "Your seller application is approved"
          : next === "rejected"
            ? "Your seller application was not approved"
            : "Your seller application needs more information",
      message: next === "approved" ? `${application.businessName} can now sell on the marketplace.` : input.note!,
      link: next === "approved" ? `/marketplace/sellers/${storeSlug}` : "/marketplace/become-seller",
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: `marketplace.application.${input.decision}`,
      resourceType: "seller_application",
      resourceId: application.id,
      oldData: { status },
      newData: { ...reviewed, storeSlug },
    });
    return succeed({ businessName: application.businessName, status: next, storeSlug });
  });
  // A new store is a new public page.
  if (result.ok && result.storeSlug) bumpContentVersion();
  return result;
}
