import { data, redirect } from "react-router";
import type { Route } from "./+types/pay";
import { requireUser } from "~/http/access.server";
import { redirectWithFlash, refererPath } from "~/http/form.server";
import { startOnlinePayment } from "@server/payments/start-online-payment";

// POST /orders/:id/pay: the owner (re)starts the card payment of a pending order, e.g. after a declined
// card, from the payment-success page or the dashboard. A click within 30 minutes reuses the same link.

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const started = await startOnlinePayment({ orderId: params.id, userId: viewer.id });
  if (started.ok) return redirect(started.url);
  return redirectWithFlash(refererPath(request), { type: "error", title: "Payment not started", description: started.error.message });
}
