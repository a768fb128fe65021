import type { Route } from "./+types/me";
import { getSettingsFrom, getViewerFrom } from "~/http/access.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { readPersonalSummary } from "~/http/personal-summary.server";

// GET /api/me: the visitor's own parts of a page the shared cache sent them (docs/product/site-shell.md#personal-parts).
// Anyone may ask: a visitor without a session gets their guest cart, or nothing. Never stored by anyone but the browser.

export async function loader({ context }: Route.LoaderArgs) {
  const summary = await readPersonalSummary(getViewerFrom(context), getCartOwnerFrom(context), getSettingsFrom(context));
  return Response.json(summary, { headers: { "Cache-Control": "private, no-store" } });
}
