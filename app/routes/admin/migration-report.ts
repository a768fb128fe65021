import { data } from "react-router";
import type { Route } from "./+types/migration-report";
import { migrationReportCsv } from "@server/migration/get-migration-run";
import { requireRole } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";

/** A run's report as CSV: its figures, then every record with what happened (or would, after the dry run) and why. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const report = await migrationReportCsv(Number(params.id) || 0);
  if (!report) throw data("No report for this import yet", { status: 404 });
  return csvDownload(report, `zavolah-migration-${params.id}-report.csv`);
}
