import { data } from "react-router";
import type { Route } from "./+types/add";
import { ZAddToCart } from "@domain/cart/cart-input";
import { parseThen } from "@domain/errors/app-error";
import { addToCart } from "@server/cart/add-to-cart";
import { cartActionResponse } from "~/http/cart-action-response.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { readForm } from "~/http/form.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** POST variantId, quantity (default 1), returnTo: adds to the visitor's cart (caps: docs/product/store-and-orders.md#cart). */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const result = await parseThen(ZAddToCart, fields, [], (input) => addToCart(getCartOwnerFrom(context), input));
  return cartActionResponse(request, fields, result, "Added to cart");
}
