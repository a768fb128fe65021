import { expect, test } from "@playwright/test";
import { ROUTE_TABLE } from "../../../app/lib/route-table";
import { samplePath } from "../sample-paths";
import { servedPage } from "../served-page";
import { BASE } from "../support";

test("the home page head has its canonical URL and a valid Organization JSON-LD with three offices", async ({ request }) => {
  const sent = await servedPage(request, "/?utm_source=whatsapp");
  expect(sent.link("canonical")).toBe(`${BASE}/`);
  expect(sent.meta("og:url")).toBe(`${BASE}/`);
  const org = sent.jsonLd().find((b) => b["@type"] === "Organization");
  expect(org).toMatchObject({
    "@context": "https://schema.org",
    name: "Zavolah Ltd",
    url: `${BASE}/`,
    telephone: "+234 803 123 4500",
    email: "hello@zavolah.ng",
  });
  const addresses = org!.address as { "@type": string; addressLocality: string; addressCountry: string }[];
  expect(addresses.map((a) => [a["@type"], a.addressLocality, a.addressCountry])).toEqual([
    ["PostalAddress", "Osogbo", "NG"],
    ["PostalAddress", "Ibadan", "NG"],
    ["PostalAddress", "Lagos", "NG"],
  ]);
  const logo = await request.get(new URL(org!.logo as string).pathname);
  expect(logo.headers()["content-type"]).toContain("image/svg+xml");
});

test("every indexable page has one absolute canonical link; error and private pages have none", async ({ request }) => {
  const pages = ROUTE_TABLE.filter((r) => !r.resource && !r.noindex && !r.feature && r.access.allow === "public").map((r) =>
    samplePath(r.path),
  );
  const found: string[] = [];
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const links = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
    if (links.length !== 1 || links[0] !== `${BASE}${path}`) found.push(`${path}: ${JSON.stringify(links)}`);
  }
  expect(found).toEqual([]);
  const blogPage = await (await request.get("/blog?page=1&utm_medium=social")).text();
  expect(blogPage).toContain(`<link rel="canonical" href="${BASE}/blog"/>`);
  for (const path of ["/no-such-page", "/blog/no-such-post", "/reset-password"]) {
    expect(await (await request.get(path)).text(), path).not.toContain('rel="canonical"');
  }
});
