import { data } from "react-router";
import type { Route } from "./+types/add";
import { addToCart } from "@server/cart/add-to-cart";
import { readCartForm } from "@server/cart/read-cart-form";
import { cartActionResponse } from "~/http/cart-action-response.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { readForm } from "~/http/request-input.server";
import { recordAddToCart } from "@server/analytics/record-visit";
import { clientIp } from "@server/http/client-ip";

export async function loader() {
  throw data(null, { status: 405 });
}

/**
 * POST a line's field, quantity (default 1), returnTo: adds it to the visitor's cart, whatever its kind
 * (docs/decisions/0013-one-cart-many-kinds.md, "The cart"): variantId a product (caps:
 * docs/product/store-and-orders.md#cart), intakeId a seat in a paid course's intake (docs/product/academy.md#enrolment),
 * listingId a marketplace listing (docs/product/marketplace.md#buying).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const owner = getCartOwnerFrom(context);
  const form = readCartForm(fields, "add");
  const result = form.ok ? await addToCart(owner, form.line) : form;
  // The visits funnel's "added to cart" step (docs/product/visits.md#funnel).
  if (result.ok)
    recordAddToCart({
      ip: clientIp(request),
      userAgent: request.headers.get("user-agent"),
      dnt: request.headers.get("dnt"),
      gpc: request.headers.get("sec-gpc"),
    });
  return cartActionResponse(request, fields, result, "Added to cart");
}
