import type { Route } from "./+types/audit-export";
import { parseAuditFilters } from "@domain/audit/audit-input";
import { lagosToday } from "@domain/time/lagos-time";
import { exportAuditCsv } from "@server/audit/search-audit";
import { requireRole } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";

/** The audit log as CSV, with the viewer's filters (docs/product/alerts-and-audit.md#audit-viewer). Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const { csv } = await exportAuditCsv(parseAuditFilters(new URL(request.url).searchParams));
  return csvDownload(csv, `zavolah-audit-${lagosToday()}.csv`);
}
