import { and, asc, count, desc, eq, exists, gt, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import {
  CONSENT_LABEL,
  CRM_EXPORT_MAX_ROWS,
  CRM_PAGE_SIZE,
  CRM_SOURCE_LABEL,
  CRM_STATUS_LABEL,
  type TConsent,
  type TCrmFilters,
  type TCrmSort,
  type TCrmSource,
  type TCrmStatus,
} from "@domain/crm/crm";
import { csvDocument, csvLine } from "@domain/files/csv";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { users } from "../auth/schema";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { crmContacts, crmContactTags } from "./schema";

// The CRM list (docs/product/crm.md#the-list): search, filters, a page at a time or as CSV.

const DAY_MS = 86_400_000;

function whereOf(f: TCrmFilters, viewerId: string, now: Date): SQL | undefined {
  const term = f.q ? containsTerm(f.q) : null;
  const activity = f.activity
    ? f.activity.startsWith("over")
      ? lt(crmContacts.lastActivityAt, new Date(now.getTime() - (f.activity === "over90d" ? 90 : 365) * DAY_MS))
      : gte(crmContacts.lastActivityAt, new Date(now.getTime() - Number.parseInt(f.activity, 10) * DAY_MS))
    : undefined;
  const owner =
    f.owner === "none" ? isNull(crmContacts.ownerId) : f.owner ? eq(crmContacts.ownerId, f.owner === "me" ? viewerId : f.owner) : undefined;
  return and(
    term ? or(ilike(crmContacts.name, term), ilike(crmContacts.email, term), ilike(crmContacts.phone, term)) : undefined,
    f.status ? eq(crmContacts.status, f.status) : undefined,
    f.source ? eq(crmContacts.source, f.source) : undefined,
    f.tag
      ? exists(
          getDb()
            .select({ one: sql`1` })
            .from(crmContactTags)
            .where(and(eq(crmContactTags.contactId, crmContacts.id), eq(crmContactTags.tag, f.tag))),
        )
      : undefined,
    owner,
    activity,
    f.ordered === "yes" ? gt(crmContacts.paidOrders, 0) : f.ordered === "no" ? eq(crmContacts.paidOrders, 0) : undefined,
  );
}

const columns = {
  id: crmContacts.id,
  email: crmContacts.email,
  name: crmContacts.name,
  phone: crmContacts.phone,
  source: crmContacts.source,
  status: crmContacts.status,
  consent: crmContacts.consent,
  paidOrders: crmContacts.paidOrders,
  ownerId: crmContacts.ownerId,
  ownerName: users.name,
  createdAt: crmContacts.createdAt,
  lastActivityAt: crmContacts.lastActivityAt,
  tags: sql<
    string[]
  >`coalesce((select array_agg(t.tag order by t.tag) from ${crmContactTags} t where t.contact_id = ${crmContacts.id}), '{}')`,
};

export type TCrmListRow = {
  id: number;
  email: string;
  name: string | null;
  phone: string | null;
  source: TCrmSource;
  status: TCrmStatus;
  consent: TConsent;
  paidOrders: number;
  ownerId: string | null;
  ownerName: string | null;
  createdAt: Date;
  lastActivityAt: Date;
  tags: string[];
};

/** The list's orders; the record id breaks ties, so paging never repeats or skips a record. */
const CRM_SORTED_BY: Record<TCrmSort | "activity", SQL[]> = {
  activity: [desc(crmContacts.lastActivityAt), asc(crmContacts.id)],
  newest: [desc(crmContacts.createdAt), desc(crmContacts.id)],
  // Records without a name sort by e-mail, among the names.
  name: [asc(sql`lower(coalesce(${crmContacts.name}, ${crmContacts.email}))`), asc(crmContacts.id)],
};

function select(f: TCrmFilters, viewerId: string, now: Date) {
  return getDb()
    .select(columns)
    .from(crmContacts)
    .leftJoin(users, eq(users.id, crmContacts.ownerId))
    .where(whereOf(f, viewerId, now))
    .orderBy(...CRM_SORTED_BY[f.sort ?? "activity"]);
}

export async function listCrmContacts(filters: TCrmFilters, viewerId: string, now = new Date()) {
  const db = getDb();
  const where = whereOf(filters, viewerId, now);
  const [page, tags] = await Promise.all([
    paginate(
      filters.page,
      CRM_PAGE_SIZE,
      async () => (await db.select({ n: count() }).from(crmContacts).where(where))[0]?.n ?? 0,
      async ({ limit, offset }) => (await select(filters, viewerId, now).limit(limit).offset(offset)) as TCrmListRow[],
    ),
    db.selectDistinct({ tag: crmContactTags.tag }).from(crmContactTags).orderBy(asc(crmContactTags.tag)).limit(200),
  ]);
  return { ...page, filters: { ...filters, page: page.page }, tags: tags.map((t) => t.tag) };
}

/** The filtered records as CSV (at most CRM_EXPORT_MAX_ROWS); cells a spreadsheet would run are defused. */
export async function exportCrmCsv(filters: TCrmFilters, viewerId: string, now = new Date()): Promise<{ csv: string; rows: number }> {
  const rows = (await select(filters, viewerId, now).limit(CRM_EXPORT_MAX_ROWS)) as TCrmListRow[];
  const lines = [
    csvLine([
      "Name",
      "E-mail",
      "Phone",
      "Status",
      "Source",
      "Tags",
      "Owner",
      "Marketing consent",
      "Paid orders",
      "First seen (Lagos)",
      "Last activity (Lagos)",
    ]),
  ];
  for (const r of rows)
    lines.push(
      csvLine([
        r.name,
        r.email,
        r.phone,
        CRM_STATUS_LABEL[r.status],
        CRM_SOURCE_LABEL[r.source],
        r.tags.join(" "),
        r.ownerName,
        CONSENT_LABEL[r.consent],
        r.paidOrders,
        formatLagosTimestamp(r.createdAt),
        formatLagosTimestamp(r.lastActivityAt),
      ]),
    );
  return { csv: csvDocument(lines), rows: rows.length };
}
