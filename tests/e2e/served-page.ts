import type { APIRequestContext } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";

// A page as the server sends it, read without a browser: for the journeys that check what a page says or where it
// sends someone (a refusal, a flash message, the head's tags) and nothing a person does in it. The server renders
// every page in full, and a flash message is a plain banner until scripts run (app/components/flash-toasts.tsx), so
// what a visitor reads first is in this HTML. A browser costs a context and a first page (about 700 ms of Chromium's
// CPU, docs/performance.md) that such a check does not need.

type TElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];
type TParent = { children: TElement["children"] };

/** A part of the page: the whole body, or an element found in it. */
export type TServedPart = {
  /** The readable text: scripts, styles and templates left out, white space collapsed. */
  text: string;
  /** The first element inside whose attributes include all of `attributes` (`{ role: "dialog" }`), or null. */
  find(attributes: Record<string, string>): TServedPart | null;
  /** The attributes of each element inside with this tag name whose attributes include all of `attributes`. */
  elements(tag: string, attributes?: Record<string, string>): Record<string, string>[];
  /** The text of each heading inside, in order; only those of `level` when given. */
  headings(level?: number): string[];
};

export type TServedPage = TServedPart & {
  status: number;
  /** The path (with its query) the request ended on, after any redirect. */
  path: string;
  html: string;
  title: string;
  /** A meta tag's content, by its name or property; null when there is none. */
  meta(key: string): string | null;
  /** A link tag's href, by its rel; null when there is none. */
  link(rel: string): string | null;
  /** The JSON-LD blocks of the page, parsed. */
  jsonLd(): Record<string, unknown>[];
};

const HIDDEN = new Set(["script", "style", "template", "noscript"]);

const hasAll = (element: TElement, attributes: Record<string, string>) =>
  Object.entries(attributes).every(([name, value]) => element.attribs[name] === value);

function readableText(root: TParent): string {
  const parts: string[] = [];
  const walk = (node: TParent) => {
    for (const child of node.children) {
      if (child.type === "text") parts.push(child.data);
      else if ("name" in child && HIDDEN.has(child.name)) continue;
      else if ("children" in child) {
        // Elements are separated as a browser's innerText separates blocks; the collapsing below tidies it.
        parts.push(" ");
        walk(child);
        parts.push(" ");
      }
    }
  };
  walk(root);
  return parts.join("").replace(/\s+/g, " ").trim();
}

function part(root: TParent): TServedPart {
  const all = (tag: string) => DomUtils.getElementsByTagName(tag, root.children, true);
  return {
    text: readableText(root),
    find: (attributes) => {
      const found = DomUtils.findOne((e) => hasAll(e, attributes), root.children, true);
      return found ? part(found) : null;
    },
    elements: (tag, attributes = {}) =>
      all(tag)
        .filter((e) => hasAll(e, attributes))
        .map((e) => e.attribs),
    headings: (level) => (level ? all(`h${level}`) : DomUtils.findAll((e) => /^h[1-6]$/.test(e.name), root.children)).map(readableText),
  };
}

export function readServedHtml(html: string, status: number, path: string): TServedPage {
  const document = parseDocument(html);
  const all = (tag: string) => DomUtils.getElementsByTagName(tag, document, true);
  const title = all("title")[0];
  return {
    ...part(all("body")[0] ?? document),
    status,
    path,
    html,
    title: title ? readableText(title) : "",
    meta: (key) => all("meta").find((m) => m.attribs.name === key || m.attribs.property === key)?.attribs.content ?? null,
    link: (rel) => all("link").find((l) => l.attribs.rel === rel)?.attribs.href ?? null,
    jsonLd: () =>
      all("script")
        .filter((s) => s.attribs.type === "application/ld+json")
        .map((s) => JSON.parse(DomUtils.textContent(s)) as Record<string, unknown>),
  };
}

/** GETs `path` on `request` (signed in when its storage state is) and reads the page it ends on. */
export async function servedPage(request: APIRequestContext, path: string): Promise<TServedPage> {
  const response = await request.get(path);
  const url = new URL(response.url());
  return readServedHtml(await response.text(), response.status(), url.pathname + url.search);
}
