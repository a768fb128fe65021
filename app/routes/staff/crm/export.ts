import type { Route } from "./+types/export";
import { parseCrmFilters } from "@domain/crm/crm-input";
import { lagosToday } from "@domain/time/lagos-time";
import { exportCrmCsv } from "@server/crm/list-contacts";
import { requireRole } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";

/** The CRM list as CSV, with the list's filters (docs/product/crm.md#the-list). Staff and admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireRole(context, request, "staff");
  const { csv } = await exportCrmCsv(parseCrmFilters(new URL(request.url).searchParams), staff.id);
  return csvDownload(csv, `zavolah-customers-${lagosToday()}.csv`);
}
