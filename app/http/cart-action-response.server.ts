import { safeReturnTo } from "@domain/auth/auth-context";
import type { TCartWriteResult } from "@domain/cart/cart";
import { guestCartCookie } from "@server/cart/cart-cookie";
import { actionResponse } from "./action-response.server";
import { refererPath } from "./form.server";

/**
 * A cart action's answer through the one action response: JSON for a fetcher (with the new summary), or
 * without JavaScript a redirect to returnTo (a same-site path) with the same toast. Sets or renews a guest's cookie.
 */
export function cartActionResponse(request: Request, fields: Record<string, string>, result: TCartWriteResult, doneTitle: string) {
  const headers = new Headers();
  if (result.ok && result.guestCartId) headers.append("Set-Cookie", guestCartCookie(result.guestCartId, request));
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.capped
        ? { type: "warning", title: "Quantity limited", description: r.message }
        : { type: "success", title: doneTitle, description: r.message },
    failedTitle: "Your cart was not changed",
    back: safeReturnTo(fields.returnTo) ?? refererPath(request),
    answer: (r) => ({ message: r.message, capped: r.capped, cart: r.cart }),
    headers,
  });
}
