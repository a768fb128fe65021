import { ShoppingCart } from "lucide-react";
import { useFetcher } from "react-router";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, inputClass } from "~/components/ui/styles";
import { useActionToast } from "~/lib/action-answer";
import type { TCartAnswer } from "../cart/cart-answer";

type TProps = { listingId: number; kind: "product" | "design"; stock: number | null; returnTo: string };

/**
 * A listing's add-to-cart (docs/product/marketplace.md#buying): a product with a quantity up to its stock, a design once.
 * A plain POST to /cart/add without JavaScript, a fetcher with a toast once hydrated.
 */
export function AddListingToCart({ listingId, kind, stock, returnTo }: TProps) {
  const fetcher = useFetcher<TCartAnswer>();
  useActionToast(fetcher, { errors: "toast" });
  const soldOut = kind === "product" && (stock ?? 0) <= 0;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/cart/add" className="flex flex-wrap items-end gap-3" data-testid="add-listing-to-cart">
      <JsFlag />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="listingId" value={listingId} />
      {kind === "product" ? (
        <div>
          <label htmlFor="quantity" className="mb-1 block text-sm font-medium">
            Quantity
          </label>
          <input
            id="quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, stock ?? 1)}
            defaultValue={1}
            disabled={soldOut}
            className={`${inputClass} w-24`}
          />
        </div>
      ) : null}
      <button type="submit" disabled={soldOut || busy} className={`${buttonClass.accent} min-w-48 flex-1`}>
        <ShoppingCart className="h-4 w-4" aria-hidden />
        {soldOut ? "Sold out" : busy ? "Adding..." : kind === "design" ? "Add design to cart" : "Add to cart"}
      </button>
    </fetcher.Form>
  );
}
