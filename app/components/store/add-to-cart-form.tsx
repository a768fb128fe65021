import { useState } from "react";
import { useFetcher } from "react-router";
import { JsFlag } from "~/components/ui/js-flag";
import { formatKobo } from "@domain/money/money";
import { useActionToast } from "~/lib/action-answer";
import type { TCartAnswer } from "../cart/cart-answer";
import { QuantityAndAdd } from "../cart/quantity-and-add";
import { StockBadge } from "./stock-badge";

export type TAddToCartVariant = { id: number; name: string; priceKobo: number; available: number };

type TProps = {
  variants: TAddToCartVariant[];
  /** Chosen on the server (?variant=, else the first in stock), so the form is right before JavaScript runs. */
  initialVariantId: number;
  maxPerOrder: number;
  /** Where the no-JavaScript redirect lands: this product page. */
  returnTo: string;
};

/**
 * The product page's variant picker, quantity and add-to-cart button. Without JavaScript it is a plain POST to
 * /cart/add that redirects back with a flash toast; with it, a fetcher that shows the toast from the answer.
 */
export function AddToCartForm({ variants, initialVariantId, maxPerOrder, returnTo }: TProps) {
  const fetcher = useFetcher<TCartAnswer>();
  const [variantId, setVariantId] = useState(initialVariantId);
  const variant = variants.find((v) => v.id === variantId) ?? variants[0]!;
  const maxQuantity = Math.max(1, Math.min(maxPerOrder, variant.available));
  const soldOut = variant.available <= 0;
  const busy = fetcher.state !== "idle";

  useActionToast(fetcher, { errors: "toast" });

  return (
    <fetcher.Form method="post" action="/cart/add" className="space-y-5" data-testid="add-to-cart">
      <JsFlag />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-3xl font-bold" data-testid="price">
          {formatKobo(variant.priceKobo)}
        </p>
        <StockBadge available={variant.available} />
      </div>

      {variants.length > 1 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Choose an option</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {variants.map((v) => (
              <label
                key={v.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2.5 has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand/40"
              >
                <input
                  type="radio"
                  name="variantId"
                  value={v.id}
                  checked={v.id === variant.id}
                  onChange={() => setVariantId(v.id)}
                  className="h-4 w-4 accent-[var(--brand)]"
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold">{v.name}</span>
                  <span className="text-sm text-muted">
                    {formatKobo(v.priceKobo)}
                    {v.available <= 0 ? " · Out of stock" : v.available <= 5 ? ` · Only ${v.available} left` : ""}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <input type="hidden" name="variantId" value={variant.id} />
      )}

      <QuantityAndAdd
        max={maxQuantity}
        soldOut={soldOut}
        busy={busy}
        label="Add to cart"
        soldOutLabel="Out of stock"
        resetKey={variant.id}
      />
      {!soldOut ? (
        <p className="text-sm text-muted">Up to {maxQuantity} per order.</p>
      ) : (
        <p className="text-sm text-muted">This option is sold out. Choose another, or ask us when it is back.</p>
      )}
    </fetcher.Form>
  );
}
