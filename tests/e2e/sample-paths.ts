import { SAMPLE_POST_SLUG } from "../../server/db/seed/blog-data";

// The route table's parameterised paths, as real addresses the demo seed provides, for the walks.
const SAMPLE_PATHS: Record<string, string> = {
  "/blog/:slug": `/blog/${SAMPLE_POST_SLUG}`,
  "/store/:slug": "/store/detachable-smart-sofa",
  "/academy/:slug": "/academy/solar-installation-fundamentals",
  // A preview lesson: open to everyone. The demo student is enrolled in this course.
  "/academy/:slug/lessons/:lesson": "/academy/solar-installation-fundamentals/lessons/how-solar-works",
  "/academy/:slug/learn": "/academy/solar-installation-fundamentals/learn",
  // The first demo order (server/orders/seed-demo-orders.ts) on the journeys' fresh database.
  "/staff/orders/:id": "/staff/orders/ZV-100001",
  // A link back to a saved cart with a signature that does not match: past the guard the page answers 404.
  "/cart/restore/:token": "/cart/restore/1.forged",
  "/staff/crm/:id": "/staff/crm/1",
  "/staff/crm/imports/:id": "/staff/crm/imports/1",
  // The first data migration run, once a journey has uploaded a file; before that the page answers 404 past the guard.
  "/admin/migration/:id": "/admin/migration/1",
  // The first campaign, once a journey has sent one; before that the page answers 404 past the guard.
  "/staff/campaigns/:id": "/staff/campaigns/1",
  // The first seeded course (server/db/seed/seed-academy.ts).
  "/staff/academy/courses/:id": "/staff/academy/courses/1",
  "/verify/:code": "/verify/K7QM-2XHD-9TRA",
  // A seeded station (server/db/seed/zavcharge-data.ts); the first one by id for the staff edit page.
  "/zavcharge/stations/:slug": "/zavcharge/stations/lekki-phase-1",
  "/staff/zavcharge/stations/:id": "/staff/zavcharge/stations/1",
  // The first seeded course's assignment; only its students (and staff, read-only) get past the page's own check.
  "/academy/:slug/assignments/:assignmentId": "/academy/solar-installation-fundamentals/assignments/1",
  // The demo driver's account (server/db/seed/zavcharge-data.ts).
  "/staff/zavcharge/subscribers/:code": "/staff/zavcharge/subscribers/ZAV48213907LEKK",
  "/staff/zavcharge/chargers/:id": "/staff/zavcharge/chargers/1",
  // The demo seller's store (server/db/seed/seed-marketplace.ts).
  "/marketplace/sellers/:slug": "/marketplace/sellers/musa-crafted-furniture",
  // Applications have random ids: past the guard this one answers 404; the marketplace journey opens real ones.
  "/staff/marketplace/applications/:id": "/staff/marketplace/applications/00000000-0000-4000-8000-000000000000",
  // The demo seller's first listing, published (server/db/seed/seed-marketplace.ts); listing 4 waits for review.
  "/marketplace/:listing": "/marketplace/convertible-sofa-bed-in-iroko-4f2a9c",
  "/seller/listings/:id": "/seller/listings/1",
  "/staff/marketplace/listings/:id": "/staff/marketplace/listings/4",
  // The first demo solar installation (server/power/demo-installations.ts).
  "/admin/power-tracking/:id": "/admin/power-tracking/1",
  // The first demo tier and the demo investor's agreement (server/investments/seed-demo-investments.ts); applications
  // have random ids, so past the guard this ID document answers 404.
  "/invest/tiers/:tierId": "/invest/tiers/1",
  "/investor-dashboard/statements/:year": "/investor-dashboard/statements/2026",
  "/investor-dashboard/agreements/:reference": "/investor-dashboard/agreements/ZINV-2026-000001",
  "/staff/investors/:applicationId/id-document": "/staff/investors/00000000-0000-4000-8000-000000000000/id-document",
};

/** A visitable address for a route-table path: the path itself, or a seeded example of it. */
export function samplePath(path: string): string {
  if (path.includes(":") && !SAMPLE_PATHS[path]) throw new Error(`No sample address for ${path}: add one to tests/e2e/sample-paths.ts`);
  return SAMPLE_PATHS[path] ?? path;
}
