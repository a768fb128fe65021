import { data } from "react-router";
import type { Route } from "./+types/add";
import { addToCart } from "@server/cart/add-to-cart";
import { cartActionResponse } from "@server/cart/cart-action-response";
import { getCartOwnerFrom } from "@server/cart/cart-middleware";
import { readForm } from "@server/http/form-request";

export async function loader() {
  throw data(null, { status: 405 });
}

/** POST variantId, quantity (default 1), returnTo: adds to the visitor's cart (SPEC 4 caps). */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  return cartActionResponse(request, fields, await addToCart(getCartOwnerFrom(context), fields), "Added to cart");
}
