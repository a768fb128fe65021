import { type ReactNode } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/order";
import { OrderParts } from "~/components/orders/order-parts";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { StaffOrderNextSteps } from "~/components/orders/staff-order-next-steps";
import { cardClass } from "~/components/ui/styles";
import { isErasedEmail } from "@domain/privacy/deletion-requests";
import { lineName } from "@domain/catalog/line-name";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { formatKobo } from "@domain/money/money";
import { DELIVERY_METHODS, type TDeliveryMethod } from "@domain/orders/order-pricing";
import { formatOrderNumber, ORDER_STATUSES, PAYMENT_METHODS, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { actionResponse } from "~/http/action-response.server";
import { runPageIntent } from "~/http/page-intents.server";
import { findOrder } from "@server/orders/find-order";
import { listOrderParts } from "@server/marketplace/list-order-parts";
import { STAFF_ORDER_INTENTS } from "./order-actions.server";

export const meta: Route.MetaFunction = (args) =>
  metaFor("/staff/orders/:id", args, { title: args.data ? `Order ${formatOrderNumber(args.data.order.number)}` : "Order" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const order = await findOrder(params.id);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  const parts = await listOrderParts(order.id);
  // An order of the house's goods alone has one part: nothing to show beyond the order itself.
  return { order, parts: parts.some((p) => p.seller.slug) ? parts : [] };
}

/** One route, four kinds of change (order-actions.server.ts), each answered with its message. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const [fields, order] = await Promise.all([readForm(request), findOrder(params.id)]);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  const result = await runPageIntent(STAFF_ORDER_INTENTS, fields, { staff, orderId: order.id });
  return actionResponse(request, fields, result, {
    done: (r) => r.message,
    failedTitle: "Not changed",
    back: `/staff/orders/${params.id}`,
  });
}

/** A card with its own heading, named for screen readers by that heading. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={cardClass} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const methodLabel = (m: string) => PAYMENT_METHODS[m as TPaymentMethod] ?? m;

export default function StaffOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const label = formatOrderNumber(order.number);

  const amounts = [
    ["Subtotal", formatKobo(order.subtotalKobo)],
    ...(order.discountKobo > 0 ? [["Discount", `−${formatKobo(order.discountKobo)}`]] : []),
    ["Delivery", order.shippingKobo === 0 ? "Free" : formatKobo(order.shippingKobo)],
    [`VAT (${(order.vatRateBasisPoints / 100).toLocaleString("en-NG")}%)`, formatKobo(order.vatKobo)],
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <p className="text-sm">
          <Link to="/staff/orders" className="text-brand underline">
            Orders
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-3xl font-bold">{label}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-sm text-muted">
          Placed {formatLagosDateTime(order.createdAt)} · {methodLabel(order.paymentMethod)}
          {order.paidAt ? ` · paid ${formatLagosDateTime(order.paidAt)}` : ""}
          {order.importedReference ? ` · brought over from the old system (order ${order.importedReference})` : ""}
        </p>
      </header>

      <Panel id="actions" title="Next steps">
        <StaffOrderNextSteps order={order} />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="customer" title="Customer and delivery">
          {isErasedEmail(order.email) ? (
            <p className="mt-3 rounded-lg bg-surface-2 p-3 text-sm" data-testid="customer-erased">
              The customer asked us to delete their data: their name, e-mail, phone and address were removed. The order is kept for our
              accounts.
            </p>
          ) : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Name</dt>
            <dd>{order.customerName}</dd>
            {isErasedEmail(order.email) ? (
              <>
                <dt className="text-muted">State</dt>
                <dd>{order.state}</dd>
              </>
            ) : (
              <>
                <dt className="text-muted">E-mail</dt>
                <dd className="break-all">
                  <a href={`mailto:${order.email}`} className="text-brand underline">
                    {order.email}
                  </a>
                </dd>
                <dt className="text-muted">Phone</dt>
                <dd>
                  <a href={`tel:${order.phone}`} className="text-brand underline">
                    {order.phone}
                  </a>
                </dd>
                <dt className="text-muted">Address</dt>
                <dd>
                  {order.addressLine}, {order.city}, {order.state}
                </dd>
              </>
            )}
            <dt className="text-muted">Delivery</dt>
            <dd>
              {DELIVERY_METHODS[order.deliveryMethod as TDeliveryMethod] ?? order.deliveryMethod}, {order.deliveryDays} working day
              {order.deliveryDays === 1 ? "" : "s"}
            </dd>
          </dl>
        </Panel>

        <Panel id="items" title="Items">
          <ul className="mt-3 divide-y divide-line text-sm">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium">{lineName(item)}</span>
                  <span className="block text-xs text-muted">
                    {item.sku} · {item.quantity} × {formatKobo(item.unitPriceKobo)}
                  </span>
                </span>
                <span className="whitespace-nowrap font-medium">{formatKobo(item.lineTotalKobo)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-2 text-sm">
            {amounts.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted">{k}</dt>
                <dd className="text-right">{v}</dd>
              </div>
            ))}
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold" data-testid="order-total">
              {formatKobo(order.totalKobo)}
            </dd>
          </dl>
        </Panel>
      </div>

      {loaderData.parts.length > 0 ? (
        <OrderParts parts={loaderData.parts} orderStatus={order.status} vatRateBasisPoints={order.vatRateBasisPoints} />
      ) : null}

      <Panel id="timeline" title="Timeline">
        <ol className="mt-3 space-y-3 border-l-2 border-line pl-4" data-testid="order-timeline">
          {order.events.map((e) => (
            <li key={e.id} className="text-sm">
              <p className="font-medium">
                {e.fromStatus ? `${ORDER_STATUSES[e.fromStatus as TOrderStatus] ?? e.fromStatus} → ` : ""}
                {ORDER_STATUSES[e.toStatus as TOrderStatus] ?? e.toStatus}
              </p>
              <p className="text-xs text-muted">
                {e.actorLabel} · {formatLagosDateTime(e.createdAt)}
              </p>
              {e.note ? <p className="mt-0.5 break-words">{e.note}</p> : null}
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
