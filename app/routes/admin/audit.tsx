import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { AUDIT_PAGE_SIZE, auditQuery } from "@domain/audit/audit";
import { parseAuditFilters } from "@domain/audit/audit-input";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { searchAudit } from "@server/audit/search-audit";
import { Field, SelectField } from "~/components/ui/field";
import { BackLink, StaffList } from "~/components/ui/staff-page";
import { buttonClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { metaFor } from "~/lib/meta";

// The audit viewer (docs/product/alerts-and-audit.md#audit-viewer): who did what, when, to what, with before and after.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/audit", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const result = await searchAudit(parseAuditFilters(new URL(request.url).searchParams));
  return { ...result, rows: result.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

const pretty = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value, null, 2));

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filters, resourceTypes } = loaderData;
  const query = auditQuery({ ...filters, page: 1 });
  const filtered = !!(filters.actor || filters.action || filters.resourceType || filters.from || filters.to);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Audit log</h1>
        <p className="mt-1 text-muted">Every change made by staff and admins: who, when, what, and the values before and after.</p>
      </header>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Filter the audit log"
      >
        <Field label="Who (name or e-mail)" name="actor" defaultValue={filters.actor ?? ""} maxLength={100} />
        <Field
          label="Action"
          name="action"
          defaultValue={filters.action ?? ""}
          maxLength={80}
          hint='Exact, or a family ending in a dot: "order."'
        />
        <SelectField
          id="resourceType"
          label="Resource"
          name="resourceType"
          defaultValue={filters.resourceType ?? ""}
          placeholder="All resources"
          options={resourceTypes.map((t) => [t, t.replace(/_/g, " ")] as const)}
        />
        <Field label="From (day)" name="from" type="date" defaultValue={filters.from ?? ""} />
        <Field label="To (day)" name="to" type="date" defaultValue={filters.to ?? ""} />
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass.primary}>
            Show
          </button>
          {filtered ? (
            <a href="/admin/audit" className={buttonClass.outline}>
              Clear
            </a>
          ) : null}
        </div>
      </Form>
      <StaffList
        count={{
          total,
          pageSize: AUDIT_PAGE_SIZE,
          shown: rows.length,
          noun: "entry",
          none: "No entry here.",
          testId: "audit-count",
        }}
        empty={{ filtered: filtered, clearTo: "/admin/audit", text: "Nothing has been recorded yet." }}
        pages={{ page, pageCount, hrefFor: (p) => `?${auditQuery({ ...filters, page: p })}` }}
        download={{ href: `/admin/audit/export${query ? `?${query}` : ""}` }}
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="audit-rows">
          {rows.map((r) => (
            <li key={r.id} className="p-4">
              <details>
                <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-baseline gap-x-3 gap-y-1 [&::-webkit-details-marker]:hidden">
                  <span className="font-mono text-sm font-semibold">{r.action}</span>
                  <span className="text-sm">
                    {r.resourceType.replace(/_/g, " ")}
                    {r.resourceId ? ` ${r.resourceId}` : ""}
                  </span>
                  <span className="text-sm text-muted">
                    {r.actorName ?? "System"}
                    {r.actorEmail ? ` (${r.actorEmail})` : ""} · {formatLagosTimestamp(r.createdAt)}
                  </span>
                </summary>
                <div className="mt-3 grid gap-3 sm:grid-cols-2">
                  <div>
                    <p className="text-xs font-semibold uppercase tracking-wider text-muted">Before</p>
                    <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-surface-2 p-2 text-xs whitespace-pre-wrap break-all">
                      {pretty(r.oldData)}
                    </pre>
                  </div>
                  <div>
                    <p className="text-xs font-semibold uppercase tracking-wider text-muted">After</p>
                    <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-surface-2 p-2 text-xs whitespace-pre-wrap break-all">
                      {pretty(r.newData)}
                    </pre>
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      </StaffList>
    </div>
  );
}
