import { and, eq, inArray } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { APPLICATION_ALREADY_PENDING, OPEN_APPLICATION_STATUSES, type TApplicationStatus } from "@domain/marketplace/marketplace";
import type { TSellerApplicationInput } from "@domain/marketplace/seller-application-input";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { sellerApplicationReceivedEmail } from "../messaging/marketplace-emails";
import { checkApplicationPayoutAccount } from "./check-payout-account";
import { findMySellerApplication } from "./find-my-seller-application";

import { sellerApplications, sellers } from "./schema";

const ALREADY_SELLING = "You already sell on the marketplace.";

/**
 * A signed-in person applies to sell (docs/product/marketplace.md#applications), or sends their application
 * again after an admin asked for more. The payout account is checked with the payment provider first: a
 * number the bank does not know is refused and nothing is saved; when no provider can be asked, the name the
 * applicant typed is kept and marked unchecked for the admin.
 */
export async function submitSellerApplication(
  viewer: TViewer,
  ip: string,
  input: TSellerApplicationInput,
): Promise<TResult<{ status: TApplicationStatus; resubmitted: boolean }>> {
  // Refused before the bank check, which is rate limited; checked again under the lock below.
  const mine = await findMySellerApplication(viewer.id);
  if (mine.seller) return refuse("conflict", ALREADY_SELLING);
  if (mine.application?.status === "pending") return refuse("conflict", APPLICATION_ALREADY_PENDING);
  const checked = await checkApplicationPayoutAccount(viewer.id, ip, input);
  if (!checked.ok) return checked;
  const details = {
    kind: input.kind,
    businessName: input.businessName,
    bio: input.bio,
    category: input.category,
    phone: input.phone,
    pickupState: input.pickupState,
    pickupLga: input.pickupLga,
    cacNumber: input.cacNumber,
    portfolioUrl: input.portfolioUrl,
    licenceBody: input.licenceBody,
    licenceNumber: input.licenceNumber,
    ...checked.account,
  };

  return (
    getDb()
      .transaction(async (tx) => {
        const [seller] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, viewer.id));
        if (seller) return refuse("conflict", ALREADY_SELLING);
        const [open] = await tx
          .select({ id: sellerApplications.id, status: sellerApplications.status })
          .from(sellerApplications)
          .where(and(eq(sellerApplications.userId, viewer.id), inArray(sellerApplications.status, [...OPEN_APPLICATION_STATUSES])))
          .for("update");
        if (open?.status === "pending") return refuse("conflict", APPLICATION_ALREADY_PENDING);
        if (open) {
          await tx
            .update(sellerApplications)
            .set({ ...details, status: "pending", submittedAt: new Date() })
            .where(eq(sellerApplications.id, open.id));
        } else {
          await tx.insert(sellerApplications).values({ ...details, userId: viewer.id });
        }
        await enqueueEmail(
          tx,
          "seller_application_received",
          { email: viewer.email, name: viewer.name },
          sellerApplicationReceivedEmail({ name: viewer.name, businessName: input.businessName, kind: input.kind }, publicUrl()),
        );
        return succeed({ status: "pending" as const, resubmitted: Boolean(open) });
      })
      // Two first applications sent at once: the one-open-application index lets one in.
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return refuse("conflict", APPLICATION_ALREADY_PENDING);
        throw error;
      })
  );
}
