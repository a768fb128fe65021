import { count, desc, eq, type SQL } from "drizzle-orm";
import { APPLICATIONS_PAGE_SIZE, type TApplicationStatus, type TSellerKind } from "@domain/marketplace/marketplace";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { sellerApplications } from "./schema";

export type TApplicationRow = {
  id: string;
  businessName: string;
  kind: TSellerKind;
  category: string;
  pickupState: string;
  status: TApplicationStatus;
  applicantName: string;
  applicantEmail: string;
  submittedAt: Date;
};

/** The admins' list of applications to sell, newest first, by status (docs/product/marketplace.md#review). */
export async function listSellerApplications(filters: { status: TApplicationStatus | "all"; page: number }) {
  const db = getDb();
  const where: SQL | undefined = filters.status === "all" ? undefined : eq(sellerApplications.status, filters.status);
  return paginate<TApplicationRow>(
    filters.page,
    APPLICATIONS_PAGE_SIZE,
    async () => (await db.select({ n: count() }).from(sellerApplications).where(where))[0]!.n,
    async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: sellerApplications.id,
          businessName: sellerApplications.businessName,
          kind: sellerApplications.kind,
          category: sellerApplications.category,
          pickupState: sellerApplications.pickupState,
          status: sellerApplications.status,
          applicantName: users.name,
          applicantEmail: users.email,
          submittedAt: sellerApplications.submittedAt,
        })
        .from(sellerApplications)
        .innerJoin(users, eq(users.id, sellerApplications.userId))
        .where(where)
        .orderBy(desc(sellerApplications.submittedAt), desc(sellerApplications.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ ...r, kind: r.kind as TSellerKind, status: r.status as TApplicationStatus }));
    },
  );
}
