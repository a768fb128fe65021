import { and, eq, inArray } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { OPEN_APPLICATION_STATUSES, type TApplicationStatus } from "@domain/marketplace/marketplace";
import type { TSellerApplicationInput } from "@domain/marketplace/seller-application-input";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { sellerApplicationReceivedEmail } from "../messaging/marketplace-emails";
import { checkPayoutAccount } from "./check-payout-account";
import { findMySellerApplication } from "./find-my-seller-application";

const ALREADY_SELLING = "You already sell on the marketplace.";
const ALREADY_PENDING = "Your application is already with our team. We will e-mail you when it is decided.";
import { sellerApplications, sellers } from "./schema";

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
  if (mine.application?.status === "pending") return refuse("conflict", ALREADY_PENDING);
  const check = await checkPayoutAccount(viewer.id, ip, input);
  if (!check.ok) return check;
  if (!check.verified && !input.accountName)
    return refuse("invalid_input", "Enter the account name exactly as your bank shows it", { field: "accountName" });
  const account = {
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
    accountName: check.accountName ?? input.accountName!,
    accountVerified: check.verified,
  };
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
    ...account,
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
        if (open?.status === "pending") return refuse("conflict", ALREADY_PENDING);
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
        if (isUniqueViolation(error)) return refuse("conflict", ALREADY_PENDING);
        throw error;
      })
  );
}
