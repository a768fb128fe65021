import { data } from "react-router";
import type { Route } from "./+types/update";
import { ZRemoveFromCart, ZSetCartQuantity, ZSetListingQuantity } from "@domain/cart/cart-input";
import { parseThen } from "@domain/errors/app-error";
import { cartActionResponse } from "~/http/cart-action-response.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { removeFromCart } from "@server/cart/remove-from-cart";
import { setCartQuantity } from "@server/cart/set-cart-quantity";
import { setListingQuantity } from "@server/cart/set-listing-quantity";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** POST variantId (or listingId) and quantity (0 removes), or intent=remove: changes a line of the visitor's cart. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const owner = getCartOwnerFrom(context);
  const result =
    fields.intent === "remove"
      ? await parseThen(ZRemoveFromCart, fields, [], (input) => removeFromCart(owner, input))
      : fields.listingId !== undefined
        ? await parseThen(ZSetListingQuantity, fields, [], (input) => setListingQuantity(owner, input))
        : await parseThen(ZSetCartQuantity, fields, [], (input) => setCartQuantity(owner, input));
  return cartActionResponse(request, fields, result, "Cart updated");
}
