import type { Route } from "./+types/sitemap";
import { indexablePaths } from "~/lib/indexable";
import { getSettingsFrom } from "@server/auth/guard";
import { publicUrl } from "@server/env";

/** sitemap.xml from the route table: public, indexable pages whose feature is switched on. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = publicUrl();
  const urls = indexablePaths(getSettingsFrom(context))
    .map((path) => `  <url><loc>${site}${path === "/" ? "/" : path}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
