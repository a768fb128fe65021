import type { TViewer } from "@domain/access/roles";
import type { TCartOwner } from "@domain/cart/cart";
import type { TSettings } from "@domain/settings/settings";
import { listEnrolmentProgress } from "@server/academy/list-enrolment-progress";
import { listSavedListingIds } from "@server/marketplace/list-saved-listings";
import type { TPersonalSummary } from "~/lib/personal-summary";
import { panelLinksFor, readFrameFigures } from "./shell.server";

/** What /api/me answers: the visitor's own parts of the shared pages (docs/product/site-shell.md#personal-parts). */
export async function readPersonalSummary(viewer: TViewer | null, cartOwner: TCartOwner, settings: TSettings): Promise<TPersonalSummary> {
  const [{ cart, pendingApprovals }, enrolments, savedListingIds] = await Promise.all([
    readFrameFigures(viewer, cartOwner),
    viewer ? listEnrolmentProgress(viewer.id) : [],
    viewer ? listSavedListingIds(viewer.id) : [],
  ]);
  return { viewer, panelLinks: panelLinksFor(viewer, settings), cart, pendingApprovals, enrolments, savedListingIds };
}
