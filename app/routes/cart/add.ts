import { data } from "react-router";
import type { Route } from "./+types/add";
import { ZAddCourseToCart, ZAddListingToCart, ZAddToCart } from "@domain/cart/cart-input";
import { parseThen } from "@domain/errors/app-error";
import { addCourseToCart } from "@server/cart/add-course-to-cart";
import { addListingToCart } from "@server/cart/add-listing-to-cart";
import { addToCart } from "@server/cart/add-to-cart";
import { cartActionResponse } from "~/http/cart-action-response.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { readForm } from "~/http/request-input.server";
import { recordAddToCart } from "@server/analytics/record-visit";
import { clientIp } from "@server/http/client-ip";

export async function loader() {
  throw data(null, { status: 405 });
}

/**
 * POST variantId, quantity (default 1), returnTo: adds a product to the visitor's cart (caps: docs/product/store-and-orders.md#cart).
 * POST intakeId, returnTo: adds a seat in a paid course's intake (docs/product/academy.md#enrolment).
 * POST listingId, quantity, returnTo: adds a marketplace listing (docs/product/marketplace.md#buying).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const owner = getCartOwnerFrom(context);
  const result =
    fields.intakeId !== undefined
      ? await parseThen(ZAddCourseToCart, fields, [], (input) => addCourseToCart(owner, input))
      : fields.listingId !== undefined
        ? await parseThen(ZAddListingToCart, fields, [], (input) => addListingToCart(owner, input))
        : await parseThen(ZAddToCart, fields, [], (input) => addToCart(owner, input));
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
