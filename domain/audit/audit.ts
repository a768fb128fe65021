// The audit log viewer (docs/product/alerts-and-audit.md#audit-viewer): its filters and page size, shared by the page
// and the server. The zod form of the filters is in audit-input.ts.

export type TAuditFilters = {
  /** Part of the actor's name or e-mail. */
  actor: string | null;
  /** An action, or the start of one ("order." finds every order action). */
  action: string | null;
  resourceType: string | null;
  /** Lagos calendar days, inclusive. */
  from: string | null;
  to: string | null;
  page: number;
};

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds; narrower filters get the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 20_000;

export function auditQuery(f: Partial<TAuditFilters>): string {
  const q = new URLSearchParams();
  if (f.actor) q.set("actor", f.actor);
  if (f.action) q.set("action", f.action);
  if (f.resourceType) q.set("resourceType", f.resourceType);
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  if (f.page && f.page > 1) q.set("page", String(f.page));
  return q.toString();
}
