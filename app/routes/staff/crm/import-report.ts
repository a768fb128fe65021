import { data } from "react-router";
import type { Route } from "./+types/import-report";
import { crmImportReportCsv } from "@server/crm/get-crm-import";
import { requireRole } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";

/** An import's report as CSV: its figures, then every refused row with its line and reason. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const report = await crmImportReportCsv(Number(params.id) || 0);
  if (!report) throw data("No such import", { status: 404 });
  return csvDownload(report, `zavolah-import-${params.id}-report.csv`);
}
