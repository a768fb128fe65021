import { ShoppingCart } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import type { TCartActionResult } from "~/lib/cart";
import { useCartToast } from "../cart/use-cart-toast";
import { JsFlag } from "../ui/js-flag";
import { buttonClass } from "../ui/styles";

/**
 * Add-to-cart button (store-plan contract): posts to /cart/add, with a fetcher and a toast when JavaScript
 * runs, or as a plain form that comes back to this page with a flash toast when it does not.
 */
export function AddToCartForm({ variantId, disabled = false, className = "" }: { variantId: number; disabled?: boolean; className?: string }) {
  const fetcher = useFetcher<TCartActionResult>();
  const location = useLocation();
  useCartToast(fetcher);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/cart/add" className={className}>
      <JsFlag />
      <input type="hidden" name="variantId" value={variantId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button type="submit" className={buttonClass.primary} disabled={disabled || busy}>
        <ShoppingCart className="h-4 w-4" aria-hidden /> {busy ? "Adding..." : "Add to cart"}
      </button>
    </fetcher.Form>
  );
}
