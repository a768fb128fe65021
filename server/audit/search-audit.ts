import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PAGE_SIZE, type TAuditFilters } from "@domain/audit/audit";
import { csvDocument, csvLine } from "@domain/files/csv";
import { addDays, formatLagosTimestamp, lagosDayStart } from "@domain/time/lagos-time";
import { users } from "../auth/schema";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { auditLog } from "./schema";

// The audit viewer (docs/product/alerts-and-audit.md#audit-viewer): every recorded staff and admin action, filtered,
// a page at a time or as CSV.

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  resourceType: auditLog.resourceType,
  resourceId: auditLog.resourceId,
  oldData: auditLog.oldData,
  newData: auditLog.newData,
  actorName: users.name,
  actorEmail: users.email,
};

function whereOf(f: TAuditFilters): SQL | undefined {
  const actor = f.actor ? containsTerm(f.actor) : null;
  // An action ending in "." is a family ("order." finds order.shipped, order.refund...).
  const action = f.action
    ? f.action.endsWith(".")
      ? ilike(auditLog.action, `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : eq(auditLog.action, f.action)
    : undefined;
  return and(
    actor ? or(ilike(users.name, actor), ilike(users.email, actor)) : undefined,
    action,
    f.resourceType ? eq(auditLog.resourceType, f.resourceType) : undefined,
    f.from ? gte(auditLog.createdAt, lagosDayStart(f.from)) : undefined,
    f.to ? lt(auditLog.createdAt, lagosDayStart(addDays(f.to, 1))) : undefined,
  );
}

export async function searchAudit(filters: TAuditFilters) {
  const db = getDb();
  const where = whereOf(filters);
  const [page, kinds] = await Promise.all([
    paginate(
      filters.page,
      AUDIT_PAGE_SIZE,
      async () => (await db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where))[0]?.n ?? 0,
      ({ limit, offset }) =>
        db
          .select(columns)
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(limit)
          .offset(offset),
    ),
    // The resource types recorded so far, for the filter's choices.
    db.selectDistinct({ resourceType: auditLog.resourceType }).from(auditLog).orderBy(asc(auditLog.resourceType)),
  ]);
  return { ...page, filters: { ...filters, page: page.page }, resourceTypes: kinds.map((k) => k.resourceType) };
}

const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** The filtered entries as CSV, newest first, at most AUDIT_EXPORT_MAX_ROWS; cells a spreadsheet would run are defused. */
export async function exportAuditCsv(filters: TAuditFilters): Promise<{ csv: string; rows: number }> {
  const rows = await getDb()
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(whereOf(filters))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  const lines = [csvLine(["When (Lagos)", "Who", "E-mail", "Action", "Resource", "Resource id", "Before", "After"])];
  for (const r of rows)
    lines.push(
      csvLine([
        formatLagosTimestamp(r.createdAt),
        r.actorName ?? "System",
        r.actorEmail,
        r.action,
        r.resourceType,
        r.resourceId,
        json(r.oldData),
        json(r.newData),
      ]),
    );
  return { csv: csvDocument(lines), rows: rows.length };
}
