import { type FormEvent, type ReactNode } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/order";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { JsFlag } from "~/components/ui/js-flag";
import { Field, FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { isErasedEmail } from "@domain/privacy/deletion-requests";
import { isStaffTransition, TRANSITION_LABELS } from "@domain/orders/order-filters";
import { lineName } from "@domain/catalog/line-name";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { formatKobo } from "@domain/money/money";
import { DELIVERY_METHODS, type TDeliveryMethod } from "@domain/orders/order-pricing";
import {
  formatOrderNumber,
  nextStatuses,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type TOrderStatus,
  type TPaymentMethod,
} from "@domain/orders/order-status";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { actionResponse } from "~/http/action-response.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { parseThen, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { findOrder } from "@server/orders/find-order";
import { updateOrderStatus, ZOrderStatusChange } from "@server/orders/update-order-status";
import { confirmOfflinePayment, ZOfflinePayment } from "@server/payments/confirm-offline-payment";
import { refundOrderPayment } from "@server/payments/refund-order-payment";
import { refundSubOrderPayment } from "@server/payments/refund-sub-order-payment";
import { listOrderParts } from "@server/marketplace/list-order-parts";
import { ZPartRefund } from "@domain/marketplace/sub-order-input";
import { OrderParts } from "~/components/orders/order-parts";

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

/** A payment use case's answer as the page shows it: "nothing changed" (already paid, already refunded) is a refusal. */
function changedOrRefused(r: TResult<{ changed: boolean; message: string }>): TResult<{ message: string }> {
  if (!r.ok) return r;
  return r.changed ? succeed({ message: r.message }) : refuse("conflict", r.message);
}

/** One route, four kinds of change: a status move, confirming an offline payment, a refund, a refund of one seller's part. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const [fields, order] = await Promise.all([readForm(request), findOrder(params.id)]);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  const input = { ...fields, orderId: order.id };
  let result: TResult<{ message: string }>;
  if (fields.intent === "confirm-transfer") {
    result = await parseThen(ZOfflinePayment, input, ["reference"], async (payment) =>
      changedOrRefused(await confirmOfflinePayment({ ...payment, staff })),
    );
  } else if (fields.intent === "refund-part") {
    result = await parseThen(ZPartRefund, fields, ["reason"], async (p) =>
      changedOrRefused(await refundSubOrderPayment({ subOrderId: p.subOrderId, staff, reason: p.reason || null })),
    );
  } else if (fields.intent === "refund") {
    result = changedOrRefused(await refundOrderPayment({ orderId: order.id, staff, reason: fields.reason?.trim() || null }));
  } else {
    const moved = await parseThen(ZOrderStatusChange, input, ["note"], (change) => updateOrderStatus(staff, change));
    result = moved.ok ? succeed({ message: `${moved.orderNumber} is now ${ORDER_STATUSES[moved.status].toLowerCase()}` }) : moved;
  }
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

function confirmCancel(e: FormEvent<HTMLFormElement>, label: string) {
  const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (submitter?.value === "cancelled" && !confirm(`Cancel ${label}? The stock is released and the customer is told by e-mail.`))
    e.preventDefault();
}

export default function StaffOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const label = formatOrderNumber(order.number);
  const status = order.status as TOrderStatus;
  const method = order.paymentMethod as TPaymentMethod;
  const next = nextStatuses(status, method);
  const moves = next.filter(isStaffTransition);
  const canConfirmPayment = next.includes("paid") && (method === "bank_transfer" || method === "pay_on_delivery");
  const canRefund = next.includes("refunded");

  const fetcher = useFetcher<TActionAnswer>();
  const { busy, error } = useActionToast(fetcher);

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
        {error ? (
          <div className="mt-3">
            <FormError message={error.message} />
          </div>
        ) : null}
        {moves.length === 0 && !canConfirmPayment && !canRefund ? (
          <p className="mt-2 text-sm text-muted">This order is {ORDER_STATUSES[status].toLowerCase()}: nothing more to do.</p>
        ) : null}

        {canConfirmPayment ? (
          // Payments work (helper C) owns this action's use case: server/payments/confirm-offline-payment.ts.
          <fetcher.Form
            method="post"
            className="mt-4 flex flex-wrap items-end gap-3 border-b border-line pb-4"
            noValidate
            data-testid="confirm-transfer-form"
          >
            <JsFlag />
            <input type="hidden" name="intent" value="confirm-transfer" />
            <Field
              className="min-w-0 grow sm:max-w-xs"
              label={method === "bank_transfer" ? "Bank reference of the transfer" : "Receipt or POS reference"}
              name="reference"
              autoComplete="off"
              placeholder={method === "bank_transfer" ? "e.g. GTB-TRF-204811" : "e.g. POS-88120"}
              maxLength={100}
            />
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {method === "bank_transfer" ? "Mark paid (bank transfer)" : "Mark paid (collected)"}
            </button>
            <p className="w-full text-xs text-muted">
              {method === "bank_transfer"
                ? `Check that ${formatKobo(order.totalKobo)} reached the account before you confirm.`
                : `Confirm once ${formatKobo(order.totalKobo)} has been collected.`}{" "}
              The customer gets the receipt by e-mail.
            </p>
          </fetcher.Form>
        ) : null}

        {moves.length > 0 ? (
          <fetcher.Form method="post" className="mt-4 space-y-3" noValidate onSubmit={(e) => confirmCancel(e, label)}>
            <JsFlag />
            <input type="hidden" name="intent" value="status" />
            <Field
              label="Note for the timeline and the customer's e-mail (optional)"
              name="note"
              autoComplete="off"
              placeholder="e.g. GIG Logistics waybill 55102"
              maxLength={500}
            />
            <div className="flex flex-wrap gap-3">
              {moves.map((to) => (
                <button
                  key={to}
                  type="submit"
                  name="to"
                  value={to}
                  className={to === "cancelled" ? buttonClass.outline : buttonClass.primary}
                  disabled={busy}
                >
                  {TRANSITION_LABELS[to]}
                </button>
              ))}
            </div>
          </fetcher.Form>
        ) : null}

        {canRefund ? (
          // Card payments are refunded through the provider's API; transfers and cash are recorded as paid back by hand.
          <fetcher.Form
            method="post"
            className="mt-4 border-t border-line pt-4"
            onSubmit={(e) => !confirm(`Refund ${formatKobo(order.totalKobo)} for ${label}?`) && e.preventDefault()}
          >
            <JsFlag />
            <input type="hidden" name="intent" value="refund" />
            <Field
              label="Reason for the refund (optional)"
              name="reason"
              autoComplete="off"
              placeholder="e.g. Customer returned the inverter unopened"
              maxLength={500}
            />
            <button type="submit" className={`${buttonClass.danger} mt-3`} disabled={busy}>
              Refund {formatKobo(order.totalKobo)}
            </button>
          </fetcher.Form>
        ) : null}
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
