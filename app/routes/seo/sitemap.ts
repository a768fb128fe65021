import type { Route } from "./+types/sitemap";
import { indexablePaths } from "~/lib/indexable";
import { getSettingsFrom } from "~/http/access.server";
import { listProductUrls } from "@server/catalog/list-products";
import { listCourseUrls } from "@server/academy/list-courses";
import { listPublishedPostUrls } from "@server/content/blog/list-published-posts";
import { publicUrl } from "@server/env";
import { listStationUrls } from "@server/zavcharge/network/list-stations";
import { listListingUrls } from "@server/marketplace/list-marketplace-listings";

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** sitemap.xml: the route table's public, indexable pages whose feature is on, every published blog post and every active product. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = publicUrl();
  const settings = getSettingsFrom(context);
  const [posts, products, courses, stations, listings] = await Promise.all([
    listPublishedPostUrls(),
    listProductUrls(),
    listCourseUrls(),
    settings.zavChargeEnabled ? listStationUrls() : [],
    listListingUrls(),
  ]);
  const newest = posts.reduce<Date | null>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), null);
  const entries = [
    ...indexablePaths(settings).map((path) => ({ loc: `${site}${path}`, lastmod: path === "/blog" ? newest : null })),
    ...posts.map((p) => ({ loc: `${site}/blog/${p.slug}`, lastmod: p.updatedAt })),
    ...products.map((p) => ({ loc: `${site}/store/${p.slug}`, lastmod: p.updatedAt })),
    ...courses.map((c) => ({ loc: `${site}/academy/${c.slug}`, lastmod: c.updatedAt })),
    ...stations.map((s) => ({ loc: `${site}/zavcharge/stations/${s.slug}`, lastmod: s.updatedAt })),
    ...listings.map((l) => ({ loc: `${site}/marketplace/${l.slug}`, lastmod: l.updatedAt })),
  ];
  const urls = entries
    .map((e) => `  <url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  // Short cache: a post published now should reach crawlers soon.
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
