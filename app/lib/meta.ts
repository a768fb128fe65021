import type { MetaDescriptor } from "react-router";
import { absoluteUrl, organizationJsonLd, type TJsonLd } from "./structured-data";

const SOCIAL_IMAGE = "/images/social-card.png";

/** Home's title and description: every page without its own uses them (docs/product/site-shell.md#page-titles-and-seo). */
export const HOME_META = {
  title: "Zavolah | Smart homes, solar power and smart furniture in Nigeria",
  description:
    "Good design and structure, functional smart furniture and a self-owned 24/7 solar power supply. Shop, learn and charge with Zavolah.",
};

type TPageCopy = { title?: string; description?: string; noindex?: boolean };

/** Pages that carry the Organization JSON-LD (name, phone, e-mail, the three offices). */
const ORGANIZATION_PAGES = new Set(["/", "/about"]);

/** What metaFor reads from a route's meta arguments: the site origin from root's data, the address, any error. */
export type TMetaArgs = {
  location?: { pathname: string; search: string };
  matches?: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>;
  error?: unknown;
};

export type TMetaOptions = {
  /** Overrides the route table's title and description (a blog post's own). */
  title?: string;
  description?: string;
  type?: "website" | "article";
  /** Path of the canonical URL when the address alone does not say it; null for none. */
  canonicalPath?: string | null;
  jsonLd?: TJsonLd[];
  /** More tags, e.g. article:published_time. */
  extra?: MetaDescriptor[];
};

function rootDataOf(args?: TMetaArgs): { origin?: unknown; page?: TPageCopy } | undefined {
  const root = args?.matches?.find((m) => m?.id === "root");
  return (root?.loaderData ?? root?.data) as { origin?: unknown; page?: TPageCopy } | undefined;
}

/** The public origin the server knows (PUBLIC_URL), which root's loader hands to every page. */
export function originFrom(args?: TMetaArgs): string | undefined {
  const origin = rootDataOf(args)?.origin;
  return typeof origin === "string" ? origin : undefined;
}

/**
 * The canonical path of an address: no trailing slash, no query string except a page number above 1
 * (each page of a paginated list is its own document; filters, tracking and sort parameters are not).
 */
export function canonicalPathFor(location: { pathname: string; search: string }): string {
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, "") || "/" : "/";
  const page = new URLSearchParams(location.search).get("page");
  return page && /^\d+$/.test(page) && Number(page) > 1 ? `${path}?page=${Number(page)}` : path;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags (and JSON-LD where a page has it) for a
 * route of the table (docs/product/site-shell.md). Pass the meta function's arguments so URLs are absolute and the canonical
 * link is written: `export const meta: Route.MetaFunction = (args) => metaFor("/about", args);`
 */
export function metaFor(path: string, args?: TMetaArgs | string, options: TMetaOptions = {}): MetaDescriptor[] {
  const metaArgs = typeof args === "string" ? undefined : args;
  const origin = typeof args === "string" ? args : originFrom(metaArgs);
  // The route table's words for this page, which root's loader reads for the address being shown.
  const entry = rootDataOf(metaArgs)?.page;
  const baseTitle = options.title ?? entry?.title;
  const title = baseTitle ? `${baseTitle} | Zavolah` : HOME_META.title;
  const description = options.description ?? entry?.description ?? HOME_META.description;
  const image = origin ? absoluteUrl(origin, SOCIAL_IMAGE) : SOCIAL_IMAGE;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:site_name", content: "Zavolah" },
    { property: "og:locale", content: "en_NG" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  // An error page (404, 403, 503) has no canonical address; neither does a page kept out of the index.
  const indexable = !entry?.noindex && !metaArgs?.error;
  if (indexable && origin) {
    const canonicalPath =
      options.canonicalPath === undefined
        ? metaArgs?.location
          ? canonicalPathFor(metaArgs.location)
          : path.includes(":")
            ? null
            : path
        : options.canonicalPath;
    if (canonicalPath) {
      const url = absoluteUrl(origin, canonicalPath);
      tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
    }
    const ld = [...(ORGANIZATION_PAGES.has(path) ? [organizationJsonLd(origin)] : []), ...(options.jsonLd ?? [])];
    for (const item of ld) tags.push({ "script:ld+json": item } as MetaDescriptor);
  }
  if (options.extra) tags.push(...options.extra);
  if (entry?.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}
