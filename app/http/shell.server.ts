import { EMPTY_CART_SUMMARY, type TCartSummary } from "@domain/cart/cart";
import { decideAccess } from "@domain/access/access";
import type { TViewer } from "@domain/access/roles";
import type { TPendingApprovals } from "@domain/marketplace/marketplace";
import type { TSettings } from "@domain/settings/settings";
import { themeFromCookie } from "~/lib/theme";
import { publicUrl } from "@server/env";
import { SHARED_PAGE_HEADER } from "@server/http/page-cache";
import { readCartSummary } from "@server/cart/read-cart";
import { countPendingApprovals } from "@server/marketplace/count-pending-approvals";
import type { TCartOwner } from "@domain/cart/cart";
import { pageSharingFor } from "./page-cache-match.server";
import { routeEntryFor } from "./route-entry.server";

// Role-based links in the order of docs/product/roles-and-access.md#floating-panel-links; each shows only if the viewer may open it.
const PANEL_LINKS: { to: string; label: string }[] = [
  { to: "/marketplace", label: "Marketplace" },
  { to: "/zavcharge", label: "ZavCharge" },
  { to: "/marketplace/buyer-dashboard", label: "Buyer dashboard" },
  { to: "/student/dashboard", label: "Student dashboard" },
  { to: "/client-dashboard", label: "My orders" },
  { to: "/seller/dashboard", label: "Seller dashboard" },
  { to: "/architect/dashboard", label: "Architect dashboard" },
  { to: "/staff/crm", label: "Staff CRM" },
  { to: "/staff/orders", label: "Store orders" },
  { to: "/staff/inventory", label: "Inventory" },
  { to: "/staff/appointments", label: "Service appointments" },
  { to: "/investor-dashboard", label: "Investor dashboard" },
  { to: "/admin/dashboard", label: "Admin dashboard" },
  { to: "/admin/settings", label: "Admin settings" },
  { to: "/checkout", label: "Checkout" },
];

// Each link's own route-table entry, looked up once; a link whose page is not in the table never shows.
const PANEL_ENTRIES = PANEL_LINKS.flatMap((link) => {
  const entry = routeEntryFor(link.to);
  return entry && entry.path === link.to ? [{ link, entry }] : [];
});

/** The floating panel's links this viewer may open, worked out here so the route table stays out of the browser. */
export function panelLinksFor(viewer: TViewer | null, s: TSettings) {
  return PANEL_ENTRIES.filter(({ link, entry }) => {
    if (link.to === "/marketplace" && !s.showMarketplace) return false;
    if (entry.feature === "zavcharge" && !s.zavChargeEnabled) return false;
    return decideAccess(entry.access, viewer) === "allowed";
  }).map(({ link }) => link);
}

/**
 * Whether this request renders a signed-in visitor's copy of a shared page (server/http/page-cache.ts): rendered for
 * nobody, it waits for the visitor's own parts from /api/me (docs/product/site-shell.md#personal-parts).
 */
export function isRenderedForNobody(request: Request): boolean {
  return request.headers.get(SHARED_PAGE_HEADER) === "signed-in";
}

/**
 * "on-intent" when the browser may wait for the visitor's first touch or key before React takes the page over
 * (app/entry.client.tsx, docs/product/site-shell.md#hydration): a public, indexable page rendered for an anonymous
 * visitor, with no message to show and no dialog asked for. Everything else hydrates at once: a signed-in visitor's
 * copy fetches their own parts, and personal pages are applications.
 */
export function hydrateOnFor(request: Request, viewer: TViewer | null, hasFlash: boolean): "on-intent" | "now" {
  const url = new URL(request.url);
  const anonymous = viewer === null && !isRenderedForNobody(request);
  return anonymous && !hasFlash && !url.searchParams.has("login") && pageSharingFor(url.pathname) !== null ? "on-intent" : "now";
}

/** The frame's personal figures: the cart's count and total, and what waits for an admin's decision. */
export async function readFrameFigures(viewer: TViewer | null, cartOwner: TCartOwner) {
  const [cart, pendingApprovals] = await Promise.all([
    readCartSummary(cartOwner),
    viewer?.role === "admin" ? countPendingApprovals() : null,
  ]);
  return { cart, pendingApprovals };
}

/** The route table's words for this address: the meta tags read them from here, not from a table in the browser. */
export function pageCopyFor(pathname: string) {
  const entry = routeEntryFor(pathname);
  return { title: entry?.title, description: entry?.description, noindex: entry?.noindex ?? false };
}

/**
 * What the page frame (header, footer, panel, theme) needs on every page. The root loader returns it, and
 * the access middleware puts it in the errors it throws before any loader runs, so those pages keep their frame.
 */
export function buildShell(
  request: Request,
  viewer: TViewer | null,
  s: TSettings,
  cart: TCartSummary = EMPTY_CART_SUMMARY,
  pendingApprovals: TPendingApprovals | null = null,
) {
  return {
    viewer,
    /**
     * "deferred": a copy for any signed-in visitor, whose own parts the browser fetches from /api/me after load;
     * "included": rendered for this request's sender, their parts (or their absence) are in it.
     */
    personal: (isRenderedForNobody(request) ? "deferred" : "included") as "deferred" | "included",
    theme: themeFromCookie(request.headers.get("cookie")),
    nonce: request.headers.get("x-zavolah-nonce") ?? undefined,
    /** This request's id (server/http/site-server.ts): the error screen shows it, the error's log line carries it. */
    requestId: request.headers.get("x-zavolah-request-id") ?? undefined,
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
    panelLinks: panelLinksFor(viewer, s),
    page: pageCopyFor(new URL(request.url).pathname),
    /** The floating panel's count and naira total; root's loader reads it (no query without a cart or session). */
    cart,
    /** For admins: what waits for their decision (docs/product/marketplace.md#pending-approvals). */
    pendingApprovals,
  };
}

export type TShell = ReturnType<typeof buildShell>;
