import type { MetaDescriptor } from "react-router";
import { HOME_META, ROUTE_TABLE } from "./route-table";

const SOCIAL_IMAGE = "/images/social-card.png";

/** Title, description, Open Graph and Twitter tags for a route of the table (SPEC 2). */
export function metaFor(path: string, origin?: string): MetaDescriptor[] {
  const entry = ROUTE_TABLE.find((r) => r.path === path);
  const title = entry?.title ? `${entry.title} | Zavolah` : HOME_META.title;
  const description = entry?.description ?? HOME_META.description;
  const image = origin ? `${origin}${SOCIAL_IMAGE}` : SOCIAL_IMAGE;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Zavolah" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (entry?.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}
