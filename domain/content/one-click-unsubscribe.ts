// One-click unsubscribe from marketing e-mail (RFC 8058; docs/product/content.md#newsletter). Mail apps offer an
// "Unsubscribe" button from the e-mail's List-Unsubscribe header; pressing it makes the mail provider POST the body
// `List-Unsubscribe=One-Click` to that address, from its own servers: no cookie, no Origin. The signed token in the
// address is the only authority, so that one request is let through the check that other writes come from our pages.

/** The page every unsubscribe link points at; the one-click POST goes to the same address. */
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";
/** The e-mail header that tells mail apps the address takes a one-click POST. */
export const LIST_UNSUBSCRIBE_POST = "List-Unsubscribe=One-Click";
/** A one-click body is tiny; anything larger is not one and is not read before the Origin check. */
export const ONE_CLICK_MAX_BYTES = 1024;

/** Whether a submitted form is exactly RFC 8058's one-click body: one field, `List-Unsubscribe`, set to `One-Click`. */
export function isOneClickUnsubscribeForm(fields: Iterable<[string, unknown]>): boolean {
  const all = [...fields];
  return all.length === 1 && all[0]![0] === "List-Unsubscribe" && all[0]![1] === "One-Click";
}

/** The List-Unsubscribe header pair for a marketing e-mail whose unsubscribe link is `url`. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": LIST_UNSUBSCRIBE_POST };
}
