import { ROUTE_TABLE } from "./route-table";
import { FEATURES, type TSettings } from "@domain/settings/settings";

/**
 * Pages a search engine may list: public, not flagged noindex, and not behind a switched-off feature.
 * Parameterised paths (/blog/:slug) are not pages themselves; the sitemap lists their published content.
 */
export function indexablePaths(settings: TSettings): string[] {
  return ROUTE_TABLE.filter(
    (r) => !r.resource && !r.noindex && r.access.allow === "public" && !r.path.includes("*") && !r.path.includes(":"),
  )
    .filter((r) => !r.feature || settings[FEATURES[r.feature].setting])
    .map((r) => r.path);
}
