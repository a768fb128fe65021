import type { Route } from "./+types/audit-export";
import { parseAuditFilters } from "@domain/audit/audit-input";
import { lagosToday } from "@domain/time/lagos-time";
import { exportAuditCsv } from "@server/audit/search-audit";
import { requireRole } from "~/http/access.server";

/** The audit log as CSV, with the viewer's filters (docs/product/alerts-and-audit.md#audit-viewer). Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const { csv } = await exportAuditCsv(parseAuditFilters(new URL(request.url).searchParams));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="zavolah-audit-${lagosToday()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
