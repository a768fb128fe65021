import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TApplicationStatus } from "@domain/marketplace/marketplace";
import type { TApplicationReview } from "@domain/marketplace/seller-application-input";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { investorApprovedEmail, investorInfoRequestedEmail, investorRejectedEmail } from "../messaging/investment-emails";
import { notifyUser } from "../notifications/notify-user";
import { grantCapability } from "../users/grant-capability";
import { investorApplications, investors } from "./schema";

/**
 * Staff decide on an application to invest (docs/product/investments.md#applications): approve (the investor
 * capability and the checked investor record), reject with a reason, or ask for more. Audited; the application row is
 * locked, so two staff deciding at once cannot both win.
 */
export async function reviewInvestorApplication(
  reviewer: TViewer,
  input: TApplicationReview,
): Promise<TResult<{ name: string; status: TApplicationStatus }>> {
  return getDb().transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(investorApplications)
      .where(eq(investorApplications.id, input.applicationId))
      .for("update");
    if (!application) return refuse("not_found", "That application does not exist.");
    const status = application.status as TApplicationStatus;
    if (status === "approved" || status === "rejected") return refuse("conflict", "This application has already been decided.");
    if (status === "needs_info" && input.decision === "ask_info")
      return refuse("conflict", "The applicant has not answered the last request yet.");
    if (application.userId === reviewer.id) return refuse("forbidden", "You cannot decide on your own application.");
    const [applicant] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, application.userId));
    if (!applicant) return refuse("not_found", "That application does not exist.");
    const next: TApplicationStatus = input.decision === "approve" ? "approved" : input.decision === "reject" ? "rejected" : "needs_info";
    const reviewed = { status: next, reviewNote: input.note, reviewedBy: reviewer.id, reviewedAt: new Date() };
    await tx.update(investorApplications).set(reviewed).where(eq(investorApplications.id, application.id));
    const name = application.legalName;
    if (next === "approved") {
      const { id: applicationId, userId, legalName, dateOfBirth, address, state, lga, phone, idType, idNumber, incomeBand } = application;
      const account = {
        bankCode: application.bankCode,
        accountNumber: application.accountNumber,
        accountName: application.accountName,
        accountVerified: application.accountVerified,
      };
      const inserted = await tx
        .insert(investors)
        .values({ userId, applicationId, legalName, dateOfBirth, address, state, lga, phone, idType, idNumber, incomeBand, ...account })
        .onConflictDoNothing()
        .returning({ userId: investors.userId });
      if (inserted.length === 0) return refuse("conflict", "This person is already an investor.");
      await grantCapability(tx, userId, "investor");
      await enqueueEmail(tx, "investor_approved", applicant, investorApprovedEmail({ name }, publicUrl()));
    } else if (next === "rejected") {
      await enqueueEmail(tx, "investor_rejected", applicant, investorRejectedEmail({ name, reason: input.note! }, publicUrl()));
    } else {
      await enqueueEmail(tx, "investor_info_requested", applicant, investorInfoRequestedEmail({ name, request: input.note! }, publicUrl()));
    }
    await notifyUser(tx, {
      userId: application.userId,
      type: "other",
      title:
        next === "approved"
          ? "Your investor account is open"
          : next === "rejected"
            ? "Your application to invest was not approved"
            : "Your application to invest needs more information",
      message: next === "approved" ? "You can now choose a tier and invest." : input.note!,
      link: next === "approved" ? "/invest" : "/invest/apply",
    });
    await recordAudit(tx, {
      actorId: reviewer.id,
      action: `investments.application.${input.decision}`,
      resourceType: "investor_application",
      resourceId: application.id,
      oldData: { status },
      newData: reviewed,
    });
    return succeed({ name, status: next });
  });
}
