import type { Route } from "./+types/investments-export";
import { lagosToday } from "@domain/time/lagos-time";
import { exportInvestmentsCsv, parseInvestmentListFilters } from "@server/investments/list-investments";
import { requireRole } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";

/** The investments register as CSV, with the list's search and status filter (docs/product/investments.md). Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const { q, status } = parseInvestmentListFilters(new URL(request.url).searchParams);
  const { csv } = await exportInvestmentsCsv({ q, status });
  return csvDownload(csv, `investments-${lagosToday()}.csv`);
}
