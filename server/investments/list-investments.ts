import { and, asc, count, countDistinct, desc, eq, gte, ilike, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { csvDocument, csvLine } from "@domain/files/csv";
import {
  INVESTMENT_STATUS_LABEL,
  INVESTMENT_STATUSES,
  investmentReference,
  lagosYearOf,
  parseInvestmentReference,
  type TInvestmentStatus,
} from "@domain/investments/investment-rules";
import { koboAsNairaDecimal } from "@domain/money/money";
import { formatOrderNumber } from "@domain/orders/order-status";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { containsTerm } from "../db/contains-term";
import { paginate } from "../db/paginate";
import { orders } from "../orders/schema";
import { distributionPayments, investments, investmentTiers, investors } from "./schema";

// The investments register for admins (docs/product/investments.md): every investment with its investor, searchable
// and filtered by status, the figures per tier, the maturities coming up, and the same list as CSV.

export const INVESTMENTS_PAGE_SIZE = 25;
/** The most rows one CSV export holds. */
export const INVESTMENTS_EXPORT_MAX_ROWS = 20_000;
/** How far ahead "upcoming maturities" looks, and how many it lists. */
export const MATURITY_WINDOW_DAYS = 90;
const MATURITIES_SHOWN = 10;

const ZInvestmentListFilters = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .catch(null)
    .transform((v) => v || null),
  status: z
    .enum(INVESTMENT_STATUSES)
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type TInvestmentListFilters = { q: string | null; status: TInvestmentStatus | null; page: number };

/** The list's filters from the address bar: anything unknown (a status of "all", a page of "x") reads as no filter. */
export function parseInvestmentListFilters(params: URLSearchParams): TInvestmentListFilters {
  return ZInvestmentListFilters.parse({ q: params.get("q"), status: params.get("status"), page: params.get("page") ?? 1 });
}

/** Where an investment's reference, "ZINV-2026-000042", was placed: its id, and the Lagos year of its placing. */
function referenceMatch(q: string): SQL | undefined {
  const typed = q.toUpperCase();
  const ref = parseInvestmentReference(typed);
  if (!ref) return undefined;
  // Mid-year of the year the reference names: its Lagos calendar year, as instants.
  const { start, end } = lagosYearOf(new Date(Date.UTC(Number(typed.slice(5, 9)), 6, 1)));
  return and(eq(investments.id, ref.id), gte(investments.placedAt, start), lt(investments.placedAt, end));
}

function matching(filters: Pick<TInvestmentListFilters, "q" | "status">): SQL | undefined {
  const q = filters.q?.trim();
  const pattern = q ? containsTerm(q) : null;
  return and(
    pattern ? or(ilike(investors.legalName, pattern), ilike(users.email, pattern), referenceMatch(q!)) : undefined,
    filters.status ? eq(investments.status, filters.status) : undefined,
  );
}

const columns = {
  id: investments.id,
  legalName: investors.legalName,
  email: users.email,
  tierId: investments.tierId,
  terms: investments.terms,
  principalKobo: investments.principalKobo,
  status: investments.status,
  placedAt: investments.placedAt,
  activatedAt: investments.activatedAt,
  maturesAt: investments.maturesAt,
  orderId: investments.orderId,
  orderNumber: orders.number,
};

/** The investments matching the filters, joined to who holds them and their order, newest first. */
const baseQuery = () =>
  getDb()
    .select(columns)
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .leftJoin(investors, eq(investors.userId, investments.userId))
    .innerJoin(orders, eq(orders.id, investments.orderId))
    .$dynamic();

type TRow = Awaited<ReturnType<typeof baseQuery>>[number];

const view = (r: TRow) => ({
  id: r.id,
  reference: investmentReference(r.id, r.placedAt),
  // An investor row is made at approval; one missing (never expected) still shows who placed it.
  name: r.legalName ?? r.email,
  email: r.email,
  tierId: r.tierId,
  tierName: r.terms.tierName,
  principalKobo: r.principalKobo,
  status: r.status as TInvestmentStatus,
  placedAt: r.placedAt,
  activatedAt: r.activatedAt,
  maturesAt: r.maturesAt,
  orderId: r.orderId,
  orderNumber: formatOrderNumber(r.orderNumber),
});
export type TInvestmentRow = ReturnType<typeof view>;

const NEWEST_FIRST = [desc(investments.placedAt), desc(investments.id)];

/** One page of the register for admins: search by legal name, e-mail or exact reference; filter by status. */
export async function listInvestments(filters: TInvestmentListFilters) {
  const db = getDb();
  const where = matching(filters);
  const page = await paginate(
    filters.page,
    INVESTMENTS_PAGE_SIZE,
    async () =>
      (
        await db
          .select({ n: count() })
          .from(investments)
          .innerJoin(users, eq(users.id, investments.userId))
          .leftJoin(investors, eq(investors.userId, investments.userId))
          .where(where)
      )[0]?.n ?? 0,
    async ({ limit, offset }) =>
      (
        await baseQuery()
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset)
      ).map(view),
  );
  return { ...page, filters: { ...filters, page: page.page } };
}

/**
 * The register's figures (docs/product/investments.md#tiers): per tier what it raised (every investment not
 * cancelled), its active principal and investors; the totals; the active investments maturing in the next 90 days.
 */
export async function investmentFigures(now = new Date()) {
  const db = getDb();
  const notCancelled = ne(investments.status, "cancelled");
  const raised = sql<string>`coalesce(sum(${investments.principalKobo}) filter (where ${investments.status} <> 'cancelled'), 0)`;
  const active = sql<string>`coalesce(sum(${investments.principalKobo}) filter (where ${investments.status} = 'active'), 0)`;
  const holders = sql<number>`count(distinct ${investments.userId}) filter (where ${investments.status} <> 'cancelled')`;
  const [tierRows, [totals], soon, [distributed]] = await Promise.all([
    db
      .select({ tierId: investmentTiers.id, name: investmentTiers.name, raised, active, investors: holders })
      .from(investmentTiers)
      .leftJoin(investments, eq(investments.tierId, investmentTiers.id))
      .groupBy(investmentTiers.id)
      .orderBy(asc(investmentTiers.minKobo), asc(investmentTiers.id)),
    db
      .select({ raised, active, investors: countDistinct(investments.userId) })
      .from(investments)
      .where(notCancelled),
    baseQuery()
      .where(
        and(
          eq(investments.status, "active"),
          gte(investments.maturesAt, now),
          lte(investments.maturesAt, new Date(now.getTime() + MATURITY_WINDOW_DAYS * 86_400_000)),
        ),
      )
      .orderBy(asc(investments.maturesAt), asc(investments.id))
      .limit(MATURITIES_SHOWN),
    // What approved distributions paid out or reinvested (net of withholding tax) and what waits to be paid or is on its way.
    db
      .select({
        paid: sql<string>`coalesce(sum(${distributionPayments.netKobo}) filter (where ${distributionPayments.status} in ('paid', 'reinvested')), 0)`,
        scheduled: sql<string>`coalesce(sum(${distributionPayments.netKobo}) filter (where ${distributionPayments.status} in ('scheduled', 'sending')), 0)`,
      })
      .from(distributionPayments),
  ]);
  return {
    raisedKobo: Number(totals?.raised ?? 0),
    activeKobo: Number(totals?.active ?? 0),
    investors: Number(totals?.investors ?? 0),
    distributionsPaidKobo: Number(distributed?.paid ?? 0),
    distributionsToPayKobo: Number(distributed?.scheduled ?? 0),
    tiers: tierRows.map((t) => ({
      tierId: t.tierId,
      name: t.name,
      raisedKobo: Number(t.raised),
      activeKobo: Number(t.active),
      investors: Number(t.investors),
    })),
    maturing: soon.map(view).map((r) => ({
      id: r.id,
      reference: r.reference,
      name: r.name,
      tierName: r.tierName,
      principalKobo: r.principalKobo,
      maturesAt: r.maturesAt!,
    })),
  };
}

export const INVESTMENTS_CSV_HEADER = [
  "Reference",
  "Investor",
  "Email",
  "Tier",
  "Principal (NGN)",
  "Status",
  "Placed (Lagos)",
  "Started (Lagos)",
  "Matures (Lagos)",
  "Order",
] as const;

/** Every investment the filters match (at most INVESTMENTS_EXPORT_MAX_ROWS), newest first, as CSV: naira as numbers a spreadsheet sums. */
export async function exportInvestmentsCsv(filters: Pick<TInvestmentListFilters, "q" | "status">): Promise<{ csv: string; rows: number }> {
  const rows = (
    await baseQuery()
      .where(matching(filters))
      .orderBy(...NEWEST_FIRST)
      .limit(INVESTMENTS_EXPORT_MAX_ROWS)
  ).map(view);
  const when = (d: Date | null) => (d ? formatLagosTimestamp(d) : "");
  const lines = [csvLine(INVESTMENTS_CSV_HEADER)];
  for (const r of rows)
    lines.push(
      csvLine([
        r.reference,
        r.name,
        r.email,
        r.tierName,
        koboAsNairaDecimal(r.principalKobo),
        INVESTMENT_STATUS_LABEL[r.status] ?? r.status,
        when(r.placedAt),
        when(r.activatedAt),
        when(r.maturesAt),
        r.orderNumber,
      ]),
    );
  return { csv: csvDocument(lines), rows: rows.length };
}
