import { data } from "react-router";
import type { Route } from "./+types/update";
import { cartActionResponse } from "~/http/cart-action-response.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { removeFromCart } from "@server/cart/remove-from-cart";
import { readCartForm } from "@server/cart/read-cart-form";
import { setCartQuantity } from "@server/cart/set-cart-quantity";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/**
 * POST a line's field (or line=<kind>:<ref>) and quantity (0 removes), or intent=remove: changes a line of the
 * visitor's cart, whatever its kind (docs/decisions/0013-one-cart-many-kinds.md, "The cart").
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const owner = getCartOwnerFrom(context);
  const form = readCartForm(fields, "update");
  const result = !form.ok ? form : form.remove ? await removeFromCart(owner, form.line) : await setCartQuantity(owner, form.line);
  return cartActionResponse(request, fields, result, "Cart updated");
}
