import { publicUrl } from "@server/env";

/** robots.txt: private areas out of crawlers' way, and where the sitemap is. */
export async function loader() {
  const body = [
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /api/",
    "Disallow: /account",
    "Disallow: /auth/",
    "",
    `Sitemap: ${publicUrl()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
