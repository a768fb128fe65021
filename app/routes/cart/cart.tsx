import { AlertTriangle, ShoppingBag, Truck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/cart";
import { useActionToast } from "~/lib/action-answer";
import type { TCartAnswer } from "~/components/cart/cart-answer";
import { Image } from "~/components/ui/image";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { MAX_LINE_QUANTITY, type TCartLine } from "@domain/cart/cart";
import { lineName } from "@domain/catalog/line-name";
import { metaFor } from "~/lib/meta";
import { formatKobo } from "@domain/money/money";
import { computeOrderTotals } from "@domain/orders/order-pricing";
import { getSettingsFrom } from "~/http/access.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { readCart } from "@server/cart/read-cart";

export const meta: Route.MetaFunction = (args) => metaFor("/cart", args);

export async function loader({ context }: Route.LoaderArgs) {
  const [cart, settings] = [await readCart(getCartOwnerFrom(context)), getSettingsFrom(context)];
  // The server works out the delivery nudge; checkout computes everything again when the order is placed.
  const totals = computeOrderTotals(cart.lines, "standard", settings);
  return {
    lines: cart.lines,
    itemCount: cart.itemCount,
    subtotalKobo: totals.subtotalKobo,
    toFreeDeliveryKobo: totals.toFreeDeliveryKobo,
    freeDelivery: settings.shippingEnabled && totals.freeDelivery,
  };
}

const THUMB = "h-16 w-16 shrink-0 rounded-lg border border-line bg-surface-2 object-contain sm:h-20 sm:w-20";

/** The hidden field that names a line to /cart/update, as its kind says. */
const LineField = ({ line }: { line: TCartLine }) => <input type="hidden" name={line.formField.name} value={line.formField.value} />;

/** A line's remove button. */
function RemoveLine({ line }: { line: TCartLine }) {
  const remove = useFetcher<TCartAnswer>();
  useActionToast(remove, { errors: "toast" });
  return (
    <remove.Form method="post" action="/cart/update">
      <JsFlag />
      <LineField line={line} />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="returnTo" value="/cart" />
      <button
        type="submit"
        className={`${buttonClass.ghost} text-danger`}
        disabled={remove.state !== "idle"}
        aria-label={`Remove ${lineName(line)} from your cart`}
      >
        Remove
      </button>
    </remove.Form>
  );
}

/** A line's quantity form and remove button: plain POSTs to /cart/update, fetchers once hydrated. A line that is one
 * of a kind (a seat, a download, a top-up) has no quantity, only its note. */
function LineControls({ line }: { line: TCartLine }) {
  if (line.fixedQuantityNote !== null)
    return (
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted">{line.fixedQuantityNote}</p>
        <RemoveLine line={line} />
      </div>
    );
  return <QuantityControls line={line} />;
}

function QuantityControls({ line }: { line: TCartLine }) {
  const update = useFetcher<TCartAnswer>();
  useActionToast(update, { errors: "toast" });
  const [value, setValue] = useState(String(line.quantity));
  // After each answer show what the cart really holds (a capped quantity, a refused one).
  useEffect(() => {
    if (update.state === "idle") setValue(String(line.quantity));
  }, [line.quantity, update.state, update.data]);
  const name = lineName(line);
  const inputId = `quantity-${line.key}`;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <update.Form method="post" action="/cart/update" className="flex items-end gap-2">
        <JsFlag />
        <LineField line={line} />
        <input type="hidden" name="returnTo" value="/cart" />
        <div>
          <label htmlFor={inputId} className="block text-xs font-medium text-muted">
            Quantity <span className="sr-only">of {name}</span>
          </label>
          <input
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_LINE_QUANTITY}
            step={1}
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={`${inputClass} w-20 py-2`}
          />
        </div>
        <button type="submit" className={buttonClass.outline} disabled={update.state !== "idle"}>
          Update<span className="sr-only"> quantity of {name}</span>
        </button>
      </update.Form>
      <RemoveLine line={line} />
    </div>
  );
}

/** Said when the stock (or a withdrawn product) no longer covers what the line holds. */
function StockNote({ line }: { line: TCartLine }) {
  if (line.quantity <= line.maxQuantity) return null;
  const text =
    line.maxQuantity === 0 && line.closedNote
      ? line.closedNote
      : line.maxQuantity === 0
        ? "This item is out of stock now. Remove it to check out."
        : `Only ${line.maxQuantity} can be ordered now. Lower the quantity to ${line.maxQuantity} to check out.`;
  return (
    <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-accent/15 px-2 py-1.5 text-sm" data-testid="stock-note">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {text}
    </p>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { lines, itemCount, subtotalKobo, toFreeDeliveryKobo, freeDelivery } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold">Your cart</h1>
      {lines.length === 0 ? (
        <div className={`${cardClass} mt-6 text-center`} data-testid="cart-empty">
          <ShoppingBag className="mx-auto h-10 w-10 text-muted" aria-hidden />
          <p className="mt-3 text-lg font-semibold">Your cart is empty</p>
          <p className="mt-1 text-muted">Solar systems, batteries, lighting and smart furniture are waiting in the store.</p>
          <Link to="/store" className={`${buttonClass.primary} mt-5`}>
            Browse the store
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_320px]">
          <ul aria-label="Items in your cart" className={`${cardClass} divide-y divide-line !py-0`}>
            {lines.map((line) => (
              <li key={line.key} className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
                {line.image ? (
                  <Image src={line.image} alt="" width={80} height={80} className={THUMB} />
                ) : (
                  <ShoppingBag className={`${THUMB} p-4 text-muted`} aria-hidden />
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                    <div className="min-w-0">
                      <Link to={line.href} className="font-semibold hover:underline">
                        {line.productName}
                      </Link>
                      {line.variantName !== "Standard" ? <p className="text-sm text-muted">{line.variantName}</p> : null}
                      {line.sellerName ? <p className="text-sm text-muted">Sold by {line.sellerName}</p> : null}
                      <p className="text-sm text-muted">
                        {line.pricePrefix}
                        {formatKobo(line.unitPriceKobo)}
                        {line.quantity > 1 || (line.fixedQuantityNote === null && line.sellerId === null) ? " each" : ""}
                      </p>
                    </div>
                    <p className="font-semibold tabular-nums" data-testid="line-total">
                      <span className="sr-only">Line total </span>
                      {formatKobo(line.unitPriceKobo * line.quantity)}
                    </p>
                  </div>
                  <StockNote line={line} />
                  <LineControls line={line} />
                </div>
              </li>
            ))}
          </ul>

          <aside aria-labelledby="summary-title" className={`${cardClass} h-fit space-y-4`}>
            <h2 id="summary-title" className="text-lg font-semibold">
              Order summary
            </h2>
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt>
                  Subtotal ({itemCount} item{itemCount === 1 ? "" : "s"})
                </dt>
                <dd className="font-semibold tabular-nums" data-testid="cart-subtotal">
                  {formatKobo(subtotalKobo)}
                </dd>
              </div>
              <div className="flex justify-between gap-4 text-muted">
                <dt>Delivery and VAT</dt>
                <dd>At checkout</dd>
              </div>
            </dl>
            {toFreeDeliveryKobo > 0 ? (
              <p className="flex items-start gap-2 rounded-lg bg-surface-2 p-3 text-sm" data-testid="free-delivery-nudge">
                <Truck className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden /> Add {formatKobo(toFreeDeliveryKobo)} more for free
                standard delivery.
              </p>
            ) : freeDelivery ? (
              <p className="flex items-start gap-2 rounded-lg bg-surface-2 p-3 text-sm" data-testid="free-delivery-nudge">
                <Truck className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden /> Your order qualifies for free standard delivery.
              </p>
            ) : null}
            <Link to="/checkout" className={`${buttonClass.primary} w-full`}>
              Proceed to checkout
            </Link>
            <Link to="/store" className="block text-center text-sm text-brand underline">
              Continue shopping
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}
