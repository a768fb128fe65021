import { describe, expect, it } from "vitest";
import { OFFICES } from "@domain/company/company";
import { pageCopyFor } from "~/http/shell.server";
import { canonicalPathFor, metaFor } from "./meta";
import { blogPostingJsonLd, courseJsonLd, nairaFromKobo, organizationJsonLd, productJsonLd, serializeJsonLd } from "./structured-data";

const ORIGIN = "https://zavolah.ng";
const args = (pathname: string, search = "", extra: { error?: unknown } = {}) => ({
  location: { pathname, search },
  // What root's loader hands every page: the origin and the route table's words for the address.
  matches: [{ id: "root", loaderData: { origin: ORIGIN, page: pageCopyFor(pathname) } }],
  ...extra,
});
const find = (tags: ReturnType<typeof metaFor>, key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;
const ldOf = (tags: ReturnType<typeof metaFor>) =>
  tags.filter((t) => "script:ld+json" in t).map((t) => (t as Record<string, Record<string, unknown>>)["script:ld+json"]!);

describe("canonical URLs", () => {
  it("drop query strings and trailing slashes but keep a page number above 1", () => {
    expect(canonicalPathFor({ pathname: "/blog/", search: "?utm_source=x" })).toBe("/blog");
    expect(canonicalPathFor({ pathname: "/blog", search: "?page=2&tag=solar" })).toBe("/blog?page=2");
    expect(canonicalPathFor({ pathname: "/blog", search: "?page=1" })).toBe("/blog");
    expect(canonicalPathFor({ pathname: "/blog", search: "?page=abc" })).toBe("/blog");
    expect(canonicalPathFor({ pathname: "/", search: "?login=true" })).toBe("/");
  });

  it("are absolute, from root's origin, with og:url and an absolute social image", () => {
    const tags = metaFor("/about", args("/about", "?ref=footer"));
    expect(find(tags, "rel", "canonical")).toMatchObject({ tagName: "link", href: "https://zavolah.ng/about" });
    expect(find(tags, "property", "og:url")).toMatchObject({ content: "https://zavolah.ng/about" });
    expect(find(tags, "property", "og:image")).toMatchObject({ content: "https://zavolah.ng/images/social-card.png" });
    expect(find(tags, "name", "twitter:card")).toMatchObject({ content: "summary_large_image" });
  });

  it("are left out on noindex pages, error pages, and when the origin is unknown", () => {
    expect(find(metaFor("/account", args("/account")), "rel", "canonical")).toBeUndefined();
    expect(find(metaFor("/", args("/missing", "", { error: new Error("404") })), "rel", "canonical")).toBeUndefined();
    expect(find(metaFor("/about"), "rel", "canonical")).toBeUndefined();
    expect(find(metaFor("/account", args("/account")), "name", "robots")).toMatchObject({ content: "noindex, nofollow" });
  });

  it("follow a page's own title, description, type and canonical path", () => {
    const tags = metaFor("/blog/:slug", args("/blog/x"), {
      title: "Lithium vs tubular",
      description: "Which battery?",
      type: "article",
      canonicalPath: "/blog/x",
    });
    expect(tags[0]).toEqual({ title: "Lithium vs tubular | Zavolah" });
    expect(find(tags, "property", "og:type")).toMatchObject({ content: "article" });
    expect(find(tags, "name", "description")).toMatchObject({ content: "Which battery?" });
  });
});

describe("Organization JSON-LD", () => {
  it("is on home and /about only, with phone, e-mail and the three offices as postal addresses", () => {
    const [org] = ldOf(metaFor("/", args("/")));
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Zavolah Ltd",
      telephone: "+234 803 123 4500",
      email: "hello@zavolah.ng",
      logo: "https://zavolah.ng/images/zavolah-logo.svg",
    });
    const addresses = org!.address as Record<string, string>[];
    expect(addresses.map((a) => a.addressLocality)).toEqual(["Osogbo", "Ibadan", "Lagos"]);
    expect(addresses.every((a) => a["@type"] === "PostalAddress" && a.addressCountry === "NG")).toBe(true);
    expect((org!.location as unknown[]).length).toBe(3);
    expect(ldOf(metaFor("/about", args("/about")))).toHaveLength(1);
    expect(ldOf(metaFor("/privacy-policy", args("/privacy-policy")))).toHaveLength(0);
  });

  it("shares its office list with the footer", () => {
    expect(OFFICES.map((o) => o.city)).toEqual(["Osogbo", "Ibadan", "Lagos"]);
    expect((organizationJsonLd(ORIGIN).address as { streetAddress: string }[])[2]!.streetAddress).toBe("8 Admiralty Way, Lekki Phase 1");
  });
});

describe("BlogPosting, Product and Course JSON-LD", () => {
  it("describes a post with absolute URLs and ISO dates", () => {
    const ld = blogPostingJsonLd(ORIGIN, {
      slug: "lithium-vs-tubular",
      title: "Lithium vs tubular",
      excerpt: "Which battery?",
      author: "Tunde Bakare",
      publishedAt: new Date("2026-11-12T09:00:00Z"),
      updatedAt: "2026-11-13T09:00:00.000Z",
      featuredImage: "/images/blog/battery-comparison.svg",
      tags: ["batteries", "solar"],
    });
    expect(ld).toMatchObject({
      "@type": "BlogPosting",
      headline: "Lithium vs tubular",
      url: "https://zavolah.ng/blog/lithium-vs-tubular",
      author: { "@type": "Person", name: "Tunde Bakare" },
      publisher: { "@type": "Organization", name: "Zavolah Ltd" },
      datePublished: "2026-11-12T09:00:00.000Z",
      dateModified: "2026-11-13T09:00:00.000Z",
      image: "https://zavolah.ng/images/blog/battery-comparison.svg",
      keywords: "batteries, solar",
    });
  });

  it("prices a product in naira from kobo, with availability from stock", () => {
    expect(nairaFromKobo(485_000_000)).toBe("4850000.00");
    expect(nairaFromKobo(16_550_005)).toBe("165500.05");
    expect(nairaFromKobo(0)).toBe("0.00");
    expect(() => nairaFromKobo(10.5)).toThrow();
    const ld = productJsonLd(ORIGIN, {
      slug: "lithium-battery-5kwh",
      name: "5kWh Lithium Battery",
      description: "LiFePO4",
      priceKobo: 145_000_000,
      stock: 0,
      imagePath: "/images/products/batteries.svg",
    });
    expect(ld).toMatchObject({
      "@type": "Product",
      url: "https://zavolah.ng/store/lithium-battery-5kwh",
      image: "https://zavolah.ng/images/products/batteries.svg",
      brand: { name: "Zavolah" },
      offers: { "@type": "Offer", price: "1450000.00", priceCurrency: "NGN", availability: "https://schema.org/OutOfStock" },
    });
    expect(
      (productJsonLd(ORIGIN, { slug: "p", name: "P", description: "d", priceKobo: 100, stock: 3 }).offers as { availability: string })
        .availability,
    ).toBe("https://schema.org/InStock");
    const battery = productJsonLd(ORIGIN, {
      slug: "tubular-battery-200ah",
      name: "Tubular Battery",
      description: "d",
      priceKobo: 31_000_000,
      highPriceKobo: 42_000_000,
      offerCount: 3,
      stock: 5,
      brand: "Luminous",
    });
    expect(battery).toMatchObject({
      brand: { name: "Luminous" },
      offers: { "@type": "AggregateOffer", lowPrice: "310000.00", highPrice: "420000.00", offerCount: 3, priceCurrency: "NGN" },
    });
    expect(battery.offers).not.toHaveProperty("price");
  });

  it("names Zavolah as a course's provider, with its price and instructor", () => {
    const ld = courseJsonLd(ORIGIN, {
      slug: "solar-installation-fundamentals",
      title: "Solar Installation Fundamentals",
      description: "Size and install",
      priceKobo: 7_500_000,
      instructor: "Engr. Kunle Ajayi",
    });
    expect(ld).toMatchObject({
      "@type": "Course",
      name: "Solar Installation Fundamentals",
      provider: { "@type": "Organization", name: "Zavolah Ltd", sameAs: "https://zavolah.ng/academy" },
      offers: { price: "75000.00", priceCurrency: "NGN", category: "Paid" },
      hasCourseInstance: { instructor: { name: "Engr. Kunle Ajayi" } },
    });
    expect(courseJsonLd(ORIGIN, { slug: "c", title: "C", description: "d" })).not.toHaveProperty("offers");
  });

  it("serialises so that text cannot end the script element", () => {
    const text = serializeJsonLd({ headline: "</script><script>alert(1)</script> & more" });
    expect(text).not.toContain("<");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual({ headline: "</script><script>alert(1)</script> & more" });
  });
});
