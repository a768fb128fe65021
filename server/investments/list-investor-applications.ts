import { count, desc, eq, type SQL } from "drizzle-orm";
import type { TApplicationStatus } from "@domain/marketplace/marketplace";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { investorApplications } from "./schema";

export const INVESTOR_APPLICATIONS_PAGE_SIZE = 20;

export type TInvestorApplicationRow = Omit<typeof investorApplications.$inferSelect, "status"> & {
  status: TApplicationStatus;
  accountEmail: string;
  accountSince: Date;
};

/** Staff's list of applications to invest, newest first, by status (docs/product/investments.md#applications). */
export async function listInvestorApplications(filters: { status: TApplicationStatus | "all"; page: number }) {
  const db = getDb();
  const where: SQL | undefined = filters.status === "all" ? undefined : eq(investorApplications.status, filters.status);
  return paginate<TInvestorApplicationRow>(
    filters.page,
    INVESTOR_APPLICATIONS_PAGE_SIZE,
    async () => (await db.select({ n: count() }).from(investorApplications).where(where))[0]!.n,
    async ({ limit, offset }) => {
      const rows = await db
        .select({ application: investorApplications, email: users.email, since: users.createdAt })
        .from(investorApplications)
        .innerJoin(users, eq(users.id, investorApplications.userId))
        .where(where)
        .orderBy(desc(investorApplications.submittedAt), desc(investorApplications.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r.application,
        status: r.application.status as TApplicationStatus,
        accountEmail: r.email,
        accountSince: r.since,
      }));
    },
  );
}

/** Where an application's ID document is stored, for the staff route that sends it. */
export async function findIdDocumentOf(applicationId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ path: investorApplications.idDocumentPath })
    .from(investorApplications)
    .where(eq(investorApplications.id, applicationId));
  return row?.path ?? null;
}
