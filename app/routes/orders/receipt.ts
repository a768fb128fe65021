import { data } from "react-router";
import type { Route } from "./+types/receipt";
import { formatOrderNumber } from "@domain/orders/order-status";
import { hasRoleLevel } from "@domain/access/roles";
import { requireUser } from "~/http/access.server";
import { getOrder } from "@server/orders/get-order";
import { renderReceiptPdf } from "@server/orders/render-receipt-pdf";
import { findSucceededPayment } from "@server/payments/find-succeeded-payment";

/** The receipt PDF of a paid order, for its customer and for staff; anyone else gets "not found". */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const order = await getOrder(params.id);
  if (!order || (order.userId !== viewer.id && !hasRoleLevel(viewer.role, "staff"))) throw data("Order not found", { status: 404 });
  if (!order.paidAt) throw data("This order has no receipt yet: it is not paid.", { status: 404 });
  const payment = await findSucceededPayment(order.id);
  const pdf = await renderReceiptPdf(order, payment?.reference ?? null);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="zavolah-receipt-${formatOrderNumber(order.number)}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
