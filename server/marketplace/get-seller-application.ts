import { eq } from "drizzle-orm";
import type { TApplicationStatus, TSellerKind } from "@domain/marketplace/marketplace";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { sellerApplications } from "./schema";

/** One application with the applicant's account, for the admin deciding on it; null when there is none. */
export async function getSellerApplication(applicationId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(applicationId)) return null;
  const [row] = await getDb()
    .select({ application: sellerApplications, applicantName: users.name, applicantEmail: users.email, applicantSince: users.createdAt })
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId))
    .where(eq(sellerApplications.id, applicationId));
  if (!row) return null;
  return {
    ...row.application,
    kind: row.application.kind as TSellerKind,
    status: row.application.status as TApplicationStatus,
    applicantName: row.applicantName,
    applicantEmail: row.applicantEmail,
    applicantSince: row.applicantSince,
  };
}
