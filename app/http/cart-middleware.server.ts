import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { TCartOwner } from "@domain/cart/cart";
import { getViewerFrom } from "./access.server";
import { log } from "@server/log";
import { clearGuestCartCookie, readGuestCartId } from "@server/cart/cart-cookie";
import { mergeGuestCart } from "@server/cart/merge-guest-cart";

const cartOwnerContext = createContext<TCartOwner>({ userId: null, guestCartId: null });

/**
 * Runs after the access middleware. Says whose cart this request uses, and merges a guest cart into the
 * user's on the first request that carries both a session and the guest cookie, however the visitor signed
 * in (password, two-factor, e-mail link, admin login), then clears the cookie. No query without a cart cookie.
 */
export const cartMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const viewer = getViewerFrom(context);
  const guestCartId = readGuestCartId(request);
  let clearCookie = false;
  if (viewer && guestCartId) {
    try {
      await mergeGuestCart(guestCartId, viewer.id);
      clearCookie = true;
    } catch (error) {
      // The page still works with the user's own cart; the next request tries again.
      log.error({ err: error }, "merging the guest cart failed");
    }
  }
  context.set(cartOwnerContext, viewer ? { userId: viewer.id, guestCartId: null } : { userId: null, guestCartId });
  const response = await next();
  if (!clearCookie) return response;
  try {
    response.headers.append("Set-Cookie", clearGuestCartCookie(request));
    return response;
  } catch {
    // A response with immutable headers (one made by fetch): copy it to add the cookie.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", clearGuestCartCookie(request));
    return copy;
  }
};

/** Whose cart this request uses (set by cartMiddleware). */
export function getCartOwnerFrom(context: Readonly<RouterContextProvider>): TCartOwner {
  return context.get(cartOwnerContext);
}
