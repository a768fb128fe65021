import { EMPTY_CART_SUMMARY, type TCartSummary } from "@domain/cart/cart";
import type { TViewer } from "@domain/access/roles";
import type { TSettings } from "@domain/settings/settings";
import { themeFromCookie } from "~/lib/theme";
import { publicUrl } from "@server/env";

/**
 * What the page frame (header, footer, panel, theme) needs on every page. The root loader returns it, and
 * the access middleware puts it in the errors it throws before any loader runs, so those pages keep their frame.
 */
export function buildShell(request: Request, viewer: TViewer | null, s: TSettings, cart: TCartSummary = EMPTY_CART_SUMMARY) {
  return {
    viewer,
    theme: themeFromCookie(request.headers.get("cookie")),
    nonce: request.headers.get("x-zavolah-nonce") ?? undefined,
    /** The public origin (PUBLIC_URL): meta functions build canonical and social URLs from it. */
    origin: publicUrl(),
    site: {
      showSearch: s.showSearch,
      showMarketplace: s.showMarketplace,
      showStaffAccess: s.showStaffAccess,
      zavCharge: s.showZavCharge && s.zavChargeEnabled,
      zavChargeEnabled: s.zavChargeEnabled,
      referEarn: s.showReferEarn && s.referEarnEnabled,
      referEarnEnabled: s.referEarnEnabled,
    },
    /** The floating panel's count and naira total; root's loader reads it (no query without a cart or session). */
    cart,
  };
}

export type TShell = ReturnType<typeof buildShell>;
