// A small Markdown subset for course and lesson text (docs/product/academy.md#lessons-and-progress): headings
// (## and ###), paragraphs, bullet and numbered lists, **bold**, *italic*, `code` and [links](https://...).
// It yields a tree of plain strings that React renders as text, so no HTML from the text ever reaches the
// page: that is the sanitising. Links keep only http(s), mailto and site-relative targets.

export type TInline =
  | { kind: "text"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "em"; text: string }
  | { kind: "code"; text: string }
  | { kind: "link"; text: string; href: string };

export type TBlock =
  { kind: "h2" | "h3"; content: TInline[] } | { kind: "p"; content: TInline[] } | { kind: "ul" | "ol"; items: TInline[][] };

const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function safeHref(href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  return null;
}

export function parseInline(text: string): TInline[] {
  const out: TInline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ kind: "text", text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ kind: "strong", text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: "em", text: m[2] });
    else if (m[3] !== undefined) out.push({ kind: "code", text: m[3] });
    else {
      const href = safeHref(m[5]!);
      out.push(href ? { kind: "link", text: m[4]!, href } : { kind: "text", text: m[4]! });
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

export function parseMarkdown(source: string): TBlock[] {
  const blocks: TBlock[] = [];
  let paragraph: string[] = [];
  let list: { kind: "ul" | "ol"; items: TInline[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "p", content: parseInline(paragraph.join(" ")) });
    paragraph = [];
    if (list) blocks.push(list);
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1]!.length <= 2 ? "h2" : "h3", content: parseInline(heading[2]!) });
      continue;
    }
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      if (paragraph.length || (list && list.kind !== kind)) flush();
      list ??= { kind, items: [] };
      list.items.push(parseInline((bullet ?? numbered)![1]!));
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}
