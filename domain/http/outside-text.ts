// What text from outside may hold (docs/product/site-shell.md#bad-input): tabs, newlines and every printable
// character; never NUL or another control character, never a lone surrogate, never more than a limit.

/** C0 controls except tab, line feed and carriage return; DEL; the C1 block. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The longest text field a form may send: long enough for a blog post or a campaign body. */
export const MAX_FIELD_CHARS = 200_000;
/** The longest value in an address's query string. */
export const MAX_QUERY_VALUE_CHARS = 2_000;

export type TTextProblem = "control" | "encoding" | "length";

/** Why a piece of outside text is refused, or null when it is fine. */
export function textProblem(value: string, maxChars: number): TTextProblem | null {
  if (value.length > maxChars) return "length";
  if (CONTROL.test(value)) return "control";
  if (LONE_SURROGATE.test(value)) return "encoding";
  return null;
}

export const TEXT_PROBLEM_MESSAGES: Record<TTextProblem, string> = {
  control: "contains characters we can't accept (such as a null or other control character)",
  encoding: "isn't valid text (broken characters)",
  length: "is too long",
};

/** Decodes one percent-encoded form or query component ("+" is a space); null when the encoding is broken. */
export function decodeComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * A record's id in an address (a path segment or a query value): one to nine digits, so it fits a database integer and
 * "1e3", "0x10", "-1" or " 7" are not ids; null otherwise.
 */
export const parseAddressId = (raw: string | null | undefined): number | null => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);
