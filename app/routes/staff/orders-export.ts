import type { Route } from "./+types/orders-export";
import { ZOrderFilters } from "@domain/orders/order-filters-input";
import { lagosToday } from "@domain/time/lagos-time";
import { exportOrdersCsv } from "@server/orders/export-orders-csv";
import { requireRole } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";
import { readQuery } from "~/http/request-input.server";

/** The orders list as CSV, with its filters and sort (docs/product/store-and-orders.md#order-pages). Staff only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const { csv } = await exportOrdersCsv(readQuery(request, ZOrderFilters));
  return csvDownload(csv, `zavolah-orders-${lagosToday()}.csv`);
}
