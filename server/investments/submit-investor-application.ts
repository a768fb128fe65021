import { and, eq, inArray } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TInvestorApplication } from "@domain/investments/investment-input";
import { APPLICATION_ALREADY_PENDING, OPEN_APPLICATION_STATUSES } from "@domain/marketplace/marketplace";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { publicUrl } from "../env";
import { checkApplicationPayoutAccount } from "../marketplace/check-payout-account";
import { enqueueEmail } from "../messaging/enqueue-email";
import { investorApplicationReceivedEmail } from "../messaging/investment-emails";
import { removeIdDocument, storeIdDocument } from "./investor-id-documents";
import { investorApplications, investors } from "./schema";

const ALREADY_INVESTOR = "You are already an investor.";

/**
 * A signed-in person applies to invest (docs/product/investments.md#applications), or sends their application again
 * after staff asked for more. The ID document is checked by content and the bank account with the payment provider
 * before anything is saved; a refusal leaves no file behind.
 */
export async function submitInvestorApplication(
  viewer: TViewer,
  ip: string,
  input: TInvestorApplication,
  idDocument: File | null,
): Promise<TResult<{ resubmitted: boolean }>> {
  const db = getDb();
  const [already] = await db.select({ userId: investors.userId }).from(investors).where(eq(investors.userId, viewer.id));
  if (already) return refuse("conflict", ALREADY_INVESTOR);
  const checked = await checkApplicationPayoutAccount(viewer.id, ip, input);
  if (!checked.ok) return checked;
  const stored = await storeIdDocument(idDocument);
  if (!stored.ok) return stored;

  const details = {
    legalName: input.legalName,
    dateOfBirth: input.dateOfBirth,
    address: input.address,
    state: input.state,
    lga: input.lga,
    phone: input.phone,
    idType: input.idType,
    idNumber: input.idNumber,
    incomeBand: input.incomeBand,
    ...checked.account,
    idDocumentPath: stored.path,
    idDocumentType: stored.type,
    riskAcceptedAt: new Date(),
  };
  let replacedDocument: string | null = null;
  const result = await db
    .transaction(async (tx) => {
      const [investor] = await tx.select({ userId: investors.userId }).from(investors).where(eq(investors.userId, viewer.id));
      if (investor) return refuse("conflict", ALREADY_INVESTOR);
      const [open] = await tx
        .select({ id: investorApplications.id, status: investorApplications.status, idDocumentPath: investorApplications.idDocumentPath })
        .from(investorApplications)
        .where(and(eq(investorApplications.userId, viewer.id), inArray(investorApplications.status, [...OPEN_APPLICATION_STATUSES])))
        .for("update");
      if (open?.status === "pending") return refuse("conflict", APPLICATION_ALREADY_PENDING);
      if (open) {
        await tx
          .update(investorApplications)
          .set({ ...details, status: "pending", submittedAt: new Date() })
          .where(eq(investorApplications.id, open.id));
        replacedDocument = open.idDocumentPath;
      } else {
        await tx.insert(investorApplications).values({ ...details, userId: viewer.id });
      }
      await enqueueEmail(
        tx,
        "investor_application_received",
        { email: viewer.email, name: viewer.name },
        investorApplicationReceivedEmail({ name: input.legalName }, publicUrl()),
      );
      return succeed({ resubmitted: Boolean(open) });
    })
    // Two first applications sent at once: the one-open-application index lets one in.
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return refuse("conflict", APPLICATION_ALREADY_PENDING);
      throw error;
    });
  // The document of a refused write is not kept, nor the one a resubmission replaced.
  const unused = result.ok ? replacedDocument : stored.path;
  if (unused) await removeIdDocument(unused);
  return result;
}
