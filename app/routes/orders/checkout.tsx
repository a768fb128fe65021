import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useState, type ReactNode } from "react";
import type { Route } from "./+types/checkout";
import { OrderSummary } from "~/components/orders/order-summary";
import { PhoneField, StateSelectField } from "~/components/forms/nigerian-fields";
import { boundField, Field, FormError } from "~/components/ui/field";
import { RadioCard } from "~/components/ui/radio-card";
import { buttonClass, cardClass } from "~/components/ui/styles";

import { lineName } from "@domain/catalog/line-name";
import { ZCheckout } from "@domain/orders/checkout-input";
import { metaFor } from "~/lib/meta";
import { formatKobo } from "@domain/money/money";
import { computeOrderTotals, DELIVERY_METHODS, type TDeliveryMethod, type TShippingSettings } from "@domain/orders/order-pricing";
import { PAYMENT_METHODS, type TPaymentMethod } from "@domain/orders/order-status";
import { getSettingsFrom, requireUser } from "~/http/access.server";
import { readCart } from "@server/cart/read-cart";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { findLastDeliveryAddress } from "@server/orders/find-last-delivery-address";
import { checkOutCart } from "@server/orders/check-out-cart";
import { payableOnDelivery } from "@server/orders/purchasable-kinds";
import { enabledPaymentMethods } from "@server/payments/enabled-payment-methods";
import { parseThen, type TFieldErrors } from "@domain/errors/app-error";

export const meta: Route.MetaFunction = (args) => metaFor("/checkout", args);

const PAYMENT_HINTS: Record<TPaymentMethod, string> = {
  paystack: "Pay securely by card, bank transfer or USSD on Paystack's page.",
  flutterwave: "Pay securely by card, bank transfer or USSD on Flutterwave's page.",
  bank_transfer: "Transfer to our Zenith Bank account; we hold your items for 72 hours.",
  pay_on_delivery: "Pay by transfer, POS or cash when your order arrives.",
};

/** The shipping settings alone, out of all the site's settings, for the page to price delivery with. */
function shippingOf(s: TShippingSettings): TShippingSettings {
  return {
    shippingEnabled: s.shippingEnabled,
    freeShippingThreshold: s.freeShippingThreshold,
    standardShippingFee: s.standardShippingFee,
    expressShippingFee: s.expressShippingFee,
    estimatedDeliveryDays: s.estimatedDeliveryDays,
    expressDeliveryDays: s.expressDeliveryDays,
    vatRateBasisPoints: s.vatRateBasisPoints,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const cart = await readCart({ userId: viewer.id });
  if (cart.lines.length === 0)
    throw await redirectWithFlash("/cart", {
      type: "info",
      title: "Your cart is empty",
      description: "Add something from the store before checking out.",
    });
  const last = await findLastDeliveryAddress(viewer.id);
  return {
    // A fresh key per checkout page: submitting it twice finds the order it already made.
    checkoutKey: randomUUID(),
    lines: cart.lines.map((l) => ({
      key: l.key,
      name: l.sellerName ? `${lineName(l)}, from ${l.sellerName}` : lineName(l),
      quantity: l.quantity,
      unitPriceKobo: l.unitPriceKobo,
      lineTotalKobo: l.unitPriceKobo * l.quantity,
      ships: l.ships,
      taxable: l.taxable,
      // Each marketplace seller delivers their own part (docs/product/marketplace.md#buying).
      shipsFrom: l.sellerId,
      sellerName: l.sellerName,
      short: l.quantity > l.available,
    })),
    shipping: shippingOf(getSettingsFrom(context)),
    // A course, a top-up or a renewal is paid before it is used, never on delivery.
    methods: enabledPaymentMethods().filter((m) => m !== "pay_on_delivery" || payableOnDelivery(cart.lines)),
    defaults: {
      fullName: last?.fullName ?? viewer.name,
      phone: last?.phone ?? "",
      addressLine: last?.addressLine ?? "",
      city: last?.city ?? "",
      state: last?.state ?? "",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const method = fields.deliveryMethod === "express" ? "express" : "standard";
  // The whole checkout is the use case's, as for the app (server/orders/check-out-cart.ts).
  const result = await parseThen(
    ZCheckout,
    { ...fields, expectedTotalKobo: fields[`expectedTotal-${method}`] || undefined },
    undefined,
    (input) => checkOutCart({ userId: viewer.id, email: viewer.email }, input),
  );
  if (!result.ok) {
    const { fieldErrors, message, status } = result.error;
    // A form that did not parse marks its fields; a refused order (stock, a changed price) says why above the form.
    const formError = fieldErrors ? "Please correct the highlighted fields." : message;
    return data({ fieldErrors: (fieldErrors ?? {}) as TFieldErrors, formError, values: fields }, { status });
  }
  const { order, payment, paymentError } = result;
  if (payment) return redirect(payment.url);
  // The order exists and holds its stock: the result page offers to try the payment again.
  if (paymentError)
    return redirectWithFlash(`/payment-success?order=${order.id}`, {
      type: "error",
      title: "Payment not started",
      description: paymentError,
    });
  return redirect(`/payment-success?order=${order.id}`);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, shipping, methods, checkoutKey, defaults } = loaderData;
  const values: Record<string, string | undefined> = actionData?.values ?? defaults;
  const errors = actionData?.fieldErrors ?? {};
  const field = boundField(values, errors);
  const busy = useNavigation().state !== "idle";
  const [delivery, setDelivery] = useState<TDeliveryMethod>(values.deliveryMethod === "express" ? "express" : "standard");
  const totalsFor = (m: TDeliveryMethod) => computeOrderTotals(lines, m, shipping);
  const totals = totalsFor(delivery);
  // An order of courses only is not delivered: no delivery choice, and the address is kept as the billing address.
  const ships = totals.ships;
  const chosenPayment =
    values.paymentMethod && methods.includes(values.paymentMethod as TPaymentMethod) ? values.paymentMethod : methods[0];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <p className="mt-1 text-muted">
        {ships
          ? "Delivery anywhere in Nigeria."
          : lines.every((l) => l.sellerName)
            ? "Nothing is delivered: designs are downloaded and pickup items collected from their seller."
            : "Courses start on the intake date; nothing is delivered."}{" "}
        <Link to="/cart" className="text-brand underline">
          Back to cart
        </Link>
      </p>
      <Form method="post" noValidate className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]" aria-label="Checkout">
        <input type="hidden" name="checkoutKey" value={checkoutKey} />
        <input type="hidden" name="expectedTotal-standard" value={totalsFor("standard").totalKobo} />
        <input type="hidden" name="expectedTotal-express" value={totalsFor("express").totalKobo} />
        <div className="space-y-6">
          <FormError message={actionData?.formError} />
          <CardFieldset title={ships ? "Delivery address" : "Your details"}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Full name" {...field("fullName")} autoComplete="name" required />
              <PhoneField
                {...field("phone")}
                required
                placeholder="0803 123 4567"
                hint={ships ? "The rider calls this number" : "We call this number about your course"}
              />
              <Field
                label="Street address"
                {...field("addressLine")}
                autoComplete="street-address"
                required
                className="sm:col-span-2"
                placeholder="House number, street, area"
              />
              <Field label="LGA or city" {...field("city")} autoComplete="address-level2" required placeholder="e.g. Ikeja" />
              <StateSelectField {...field("state")} autoComplete="address-level1" required placeholder="Choose your state" />
            </div>
          </CardFieldset>

          {ships ? null : <input type="hidden" name="deliveryMethod" value="standard" />}
          <CardFieldset title="Delivery" hidden={!ships}>
            {new Set(lines.filter((l) => l.ships).map((l) => l.shipsFrom ?? "")).size > 1 ? (
              <p className="mb-3 text-sm text-muted" data-testid="parts-note">
                Marketplace sellers deliver their own items: each part of your order that is delivered has its own fee, shown in the summary
                as one delivery total.
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {(Object.keys(DELIVERY_METHODS) as TDeliveryMethod[]).map((m) => {
                const t = totalsFor(m);
                const fee = t.shippingKobo === 0 ? "Free" : formatKobo(t.shippingKobo);
                return (
                  <RadioCard
                    key={m}
                    name="deliveryMethod"
                    value={m}
                    checked={delivery === m}
                    onChange={() => setDelivery(m)}
                    title={DELIVERY_METHODS[m]}
                    detail={`${fee} · about ${t.deliveryDays} days`}
                  />
                );
              })}
            </div>
            {totals.toFreeDeliveryKobo > 0 ? (
              <p className="mt-3 text-sm text-muted">Add {formatKobo(totals.toFreeDeliveryKobo)} more for free standard delivery.</p>
            ) : null}
          </CardFieldset>

          <CardFieldset title="Payment">
            <div className="grid gap-3">
              {methods.map((m) => (
                <RadioCard
                  key={m}
                  name="paymentMethod"
                  value={m}
                  defaultChecked={m === chosenPayment}
                  title={PAYMENT_METHODS[m]}
                  detail={PAYMENT_HINTS[m]}
                />
              ))}
            </div>
            {errors.paymentMethod ? <p className="mt-2 text-sm text-danger">{errors.paymentMethod}</p> : null}
          </CardFieldset>
        </div>

        <aside className={`${cardClass} h-fit space-y-4 lg:sticky lg:top-20`}>
          <OrderSummary lines={lines} totals={totals} />
          {lines.some((l) => l.short) ? (
            <p className="text-sm text-danger">
              Some items are no longer available as your cart asks (stock, or a course intake that closed or filled up); placing the order
              will tell you which.
            </p>
          ) : null}
          <button type="submit" className={`${buttonClass.accent} w-full`} disabled={busy}>
            {busy ? "Placing your order..." : `Place order · ${formatKobo(totals.totalKobo)}`}
          </button>
          <p className="text-xs text-muted">
            By placing the order you accept our{" "}
            <Link to="/terms-of-service" className="underline">
              terms
            </Link>
            . Prices include delivery and VAT as shown.
          </p>
        </aside>
      </Form>
    </div>
  );
}

/** A card-shaped group of fields; the legend is for screen readers, the heading is what sighted users see. */
function CardFieldset({ title, children, hidden }: { title: string; children: ReactNode; hidden?: boolean }) {
  if (hidden) return null;
  return (
    <fieldset className={cardClass}>
      <legend className="sr-only">{title}</legend>
      <h2 className="mb-3 text-lg font-semibold" aria-hidden>
        {title}
      </h2>
      {children}
    </fieldset>
  );
}
