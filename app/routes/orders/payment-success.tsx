import { CheckCircle2, Clock, Download, XCircle } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/payment-success";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { OrderSummary, pickTotals, summaryLines } from "~/components/orders/order-summary";
import { PaymentNextStep } from "~/components/orders/payment-next-step";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { formatOrderNumber } from "@domain/orders/order-status";
import { requireUser } from "~/http/access.server";
import { getOrderForCustomer } from "@server/orders/get-order-for-customer";
import { purchasableKinds } from "@server/orders/purchasable-kinds";

export const meta: Route.MetaFunction = (args) => metaFor("/payment-success", args);

/** The verified result of a payment: the order as the server knows it, never what the redirect claimed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const id = new URL(request.url).searchParams.get("order") ?? "";
  const order = await getOrderForCustomer(id, viewer.id);
  if (!order) throw data({ message: "We could not find that order in your account." }, { status: 404 });
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      paymentMethod: order.paymentMethod,
      totalKobo: order.totalKobo,
      paid: order.paidAt !== null,
      deliveryDays: order.deliveryDays,
      email: order.email,
      lines: summaryLines(order.items),
      totals: pickTotals(order),
      /** Where what was bought is found, as each kind in the order says (a seller's parts, an investment). */
      boughtAt: purchasableKinds().flatMap((k) => (k.boughtAt && order.items.some((i) => i.kind === k.kind) ? [k.boughtAt] : [])),
      ships: order.items.some((i) => i.ships),
    },
  };
}

function Headline({ order }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  if (order.paid) {
    return (
      <>
        <CheckCircle2 className="h-10 w-10 text-brand" aria-hidden />
        <h1 className="text-2xl font-bold">Payment received</h1>
        <p className="text-muted">
          Thank you. Order {formatOrderNumber(order.number)} is paid; we sent the receipt to {order.email}.
          {order.ships ? ` Delivery in about ${order.deliveryDays} days.` : ""}
        </p>
      </>
    );
  }
  if (order.status === "cancelled") {
    return (
      <>
        <XCircle className="h-10 w-10 text-danger" aria-hidden />
        <h1 className="text-2xl font-bold">This order was cancelled</h1>
        <p className="text-muted">
          Order {formatOrderNumber(order.number)} was cancelled. If you paid for it, contact us with your payment reference and we will sort
          it out at once.
        </p>
      </>
    );
  }
  const offline = order.paymentMethod === "bank_transfer" || order.paymentMethod === "pay_on_delivery";
  return (
    <>
      <Clock className="h-10 w-10 text-accent" aria-hidden />
      <h1 className="text-2xl font-bold">{offline ? "Order placed" : "Payment not confirmed yet"}</h1>
      <p className="text-muted">
        Order {formatOrderNumber(order.number)} is {order.paymentMethod === "pay_on_delivery" ? "confirmed" : "waiting for payment"}. We
        sent the details to {order.email}.
      </p>
    </>
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div className={`${cardClass} space-y-3`} role="status">
        <Headline order={order} />
        <p>
          Status: <OrderStatusBadge status={order.status} />
        </p>
        <PaymentNextStep order={order} />
        <div className="flex flex-wrap gap-3 pt-2">
          {order.paid ? (
            <a href={`/orders/${order.id}/receipt.pdf`} className={buttonClass.primary} download>
              <Download className="h-4 w-4" aria-hidden /> Download receipt (PDF)
            </a>
          ) : null}
          <Link to="/client-dashboard" className={buttonClass.outline}>
            My orders
          </Link>
          {order.boughtAt.map((place) => (
            <Link key={place.to} to={place.to} className={buttonClass.outline}>
              {place.label}
            </Link>
          ))}
          <Link to="/store" className={buttonClass.ghost}>
            Continue shopping
          </Link>
        </div>
      </div>
      <div className={cardClass}>
        <OrderSummary lines={order.lines} totals={order.totals} />
      </div>
    </div>
  );
}
