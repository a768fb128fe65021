import { useFetcher } from "react-router";
import { JsFlag } from "~/components/ui/js-flag";
import { useActionToast } from "~/lib/action-answer";
import type { TCartAnswer } from "../cart/cart-answer";
import { QuantityAndAdd } from "../cart/quantity-and-add";

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
      <QuantityAndAdd
        max={kind === "product" ? (stock ?? 1) : null}
        soldOut={soldOut}
        busy={busy}
        label={kind === "design" ? "Add design to cart" : "Add to cart"}
        soldOutLabel="Sold out"
        className="flex-1"
      />
    </fetcher.Form>
  );
}
