import { useEffect } from "react";
import type { FetcherWithComponents } from "react-router";
import type { TCartActionResult } from "@domain/cart/cart";
import { toast } from "~/lib/toast";

/** Shows a cart action's answer as a toast once the fetcher is done (the panel's count comes with revalidation). */
export function useCartToast(fetcher: FetcherWithComponents<TCartActionResult>) {
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (!result.ok) toast.error("Your cart was not changed", { description: result.error, duration: 6000 });
    else if (result.capped) toast.warning("Quantity limited", { description: result.message, duration: 6000 });
    else toast.success(result.message);
  }, [fetcher.data, fetcher.state]);
}
