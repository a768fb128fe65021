import { data } from "react-router";
import { safeReturnTo } from "@domain/auth/auth-context";
import type { TCartActionResult, TCartWriteResult } from "@domain/cart/cart";
import { isEnhanced, redirectWithFlash, refererPath } from "./form.server";
import { guestCartCookie } from "@server/cart/cart-cookie";

/**
 * The answer of a cart action (store-plan contract): JSON for a fetcher (4xx on refusal), or, without
 * JavaScript, a redirect to returnTo (a same-site path) with a flash toast. Sets or renews a guest's cookie.
 */
export async function cartActionResponse(request: Request, fields: Record<string, string>, result: TCartWriteResult, doneTitle: string) {
  const headers = new Headers();
  if (result.ok && result.guestCartId) headers.append("Set-Cookie", guestCartCookie(result.guestCartId, request));
  if (isEnhanced(fields)) {
    const body: TCartActionResult = result.ok
      ? { ok: true, message: result.message, capped: result.capped, cart: result.cart }
      : { ok: false, error: result.error };
    return data(body, { status: result.ok ? 200 : result.status, headers });
  }
  const back = safeReturnTo(fields.returnTo) ?? refererPath(request);
  if (!result.ok) return redirectWithFlash(back, { type: "error", title: "Your cart was not changed", description: result.error }, headers);
  return redirectWithFlash(
    back,
    result.capped
      ? { type: "warning", title: "Quantity limited", description: result.message }
      : { type: "success", title: doneTitle, description: result.message },
    headers,
  );
}
