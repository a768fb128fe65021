import { Parser } from "htmlparser2";
import { escapeHtml } from "@domain/text/escape-html";

// Staff-authored campaign bodies go into mail as HTML, so they pass an allowlist first: known formatting
// tags and attributes survive, everything else is dropped (scripts and the like with their content, other
// unknown tags unwrapped to their text). The output is re-serialised from the parse, never copied from the
// input, so malformed markup cannot smuggle anything past the list.

const VOID = new Set(["br", "hr", "img"]);
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  pre: [],
  code: [],
  ul: [],
  ol: [],
  li: [],
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
  table: ["width", "cellpadding", "cellspacing", "border", "align"],
  thead: [],
  tbody: [],
  tr: [],
  td: ["colspan", "rowspan", "align", "valign", "width"],
  th: ["colspan", "rowspan", "align", "valign", "width"],
  center: [],
  font: ["color", "size"],
};
/** Dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "template",
  "svg",
  "math",
  "head",
  "title",
  "textarea",
  "select",
  "option",
  "button",
  "form",
  "audio",
  "video",
  "canvas",
  "base",
  "link",
  "meta",
]);
/** Every allowed tag may also carry these. */
const GLOBAL_ATTRS = ["style", "align"];

const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;
const IMAGE_SCHEMES = /^https?:/i;
// Inline CSS that can run code or load things in old clients (IE expressions, bindings, url(), imports).
const UNSAFE_STYLE = /expression|javascript|vbscript|url\s*\(|@import|behavior|binding|<|>/i;

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
}
const escapeAttr = escapeHtml;

/** Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so the check does too. */
function safeUrl(value: string, schemes: RegExp): string | null {
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  return schemes.test(compact) ? value.trim() : null;
}

function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!(ALLOWED[tag]!.includes(name) || GLOBAL_ATTRS.includes(name))) return null; // on*, srcset, class, id...
  if (name === "href") return safeUrl(value, LINK_SCHEMES);
  if (name === "src") return safeUrl(value, IMAGE_SCHEMES);
  if (name === "style") return UNSAFE_STYLE.test(value) ? null : value;
  return value;
}

export function sanitizeEmailHtml(html: string): string {
  let out = "";
  let dropDepth = 0; // > 0 while inside a dropped-with-content element
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // htmlparser2 pairs every open with a close (void and implied ones too), so counting both ways is exact.
        if (dropDepth > 0 || DROP_WITH_CONTENT.has(name)) {
          dropDepth++;
          return;
        }
        if (!(name in ALLOWED)) return;
        const kept = Object.entries(attribs).flatMap(([key, raw]) => {
          const value = cleanAttribute(name, key, raw);
          return value === null ? [] : [[key, value] as const];
        });
        const has = (attr: string) => kept.some(([key]) => key === attr);
        if (name === "img" && !has("src")) return; // nothing left to show
        if (name === "a" && has("href")) kept.push(["target", "_blank"], ["rel", "noopener noreferrer"]);
        out += `<${name}${kept.map(([key, value]) => ` ${key}="${escapeAttr(value)}"`).join("")}${VOID.has(name) ? " /" : ""}>`;
      },
      ontext(text) {
        if (dropDepth === 0) out += escapeText(text);
      },
      onclosetag(name) {
        if (dropDepth > 0) {
          dropDepth--;
          return;
        }
        if (name in ALLOWED && !VOID.has(name)) out += `</${name}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return out;
}
