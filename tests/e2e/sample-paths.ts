import { SAMPLE_POST_SLUG } from "../../server/db/seed/blog-data";

// The route table's parameterised paths, as real addresses the demo seed provides, for the walks.
const SAMPLE_PATHS: Record<string, string> = {
  "/blog/:slug": `/blog/${SAMPLE_POST_SLUG}`,
  "/store/:slug": "/store/detachable-smart-sofa",
  // The first demo order (server/orders/seed-demo-orders.ts) on the journeys' fresh database.
  "/staff/orders/:id": "/staff/orders/ZV-100001",
  // The first campaign, once a journey has sent one; before that the page answers 404 past the guard.
  "/staff/campaigns/:id": "/staff/campaigns/1",
};

/** A visitable address for a route-table path: the path itself, or a seeded example of it. */
export function samplePath(path: string): string {
  if (path.includes(":") && !SAMPLE_PATHS[path]) throw new Error(`No sample address for ${path}: add one to tests/e2e/sample-paths.ts`);
  return SAMPLE_PATHS[path] ?? path;
}
