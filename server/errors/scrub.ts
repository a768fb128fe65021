import { MASK, maskSecrets } from "@domain/messaging/mask-secrets";

// What an error report may carry (docs/operations.md#error-reports): the error and where it happened, never what
// would identify a customer or let someone act as one. Error messages, stacks and the address often hold what a
// customer typed (an e-mail in a refused sign-in, a phone number, a PIN) or a secret of a link (a reset token), so
// every text of a report goes through scrubText, and fields that are secret by name are dropped whatever they hold.
// The same rules serve the error-reporting service's events and the site's own error list.

export const FILTERED = "[Filtered]";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Nigerian numbers as people write them (+234 803 123 4567, 2348031234567, 08031234567) and other international ones. */
const PHONE = /(?<![\w.])(?:\+?234[\s-]?\d{3}[\s-]?\d{3}[\s-]?\d{4}|0[7-9][01]\d[\s-]?\d{3}[\s-]?\d{4}|\+\d{10,14})(?![\w.])/g;
/** A secret named in the text: `pin=1234`, `"password": "…"`, `authorization: Bearer …`. */
const NAMED_SECRET =
  /\b(pin|password|passcode|otp|code|token|secret|api[_-]?key|authorization|cookie|session)(["']?\s*[:=]\s*["']?)(?:bearer\s+)?([^\s&"',;}<>]+)/gi;
/** A PIN in words: "PIN 1234". */
const PIN_IN_WORDS = /\b(pin)(\s+)\d{4,6}\b/gi;
/** A long random-looking string (a session token, an API key): letters and digits mixed, 24 characters or more. */
const TOKEN_SHAPED = /(?<![\w/.-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}(?![\w/.-])/g;
/** Stack frames ("    at fn (file:///…/main.js:12345:6)") hold code, not visitors' data: their line numbers stay. */
const STACK_FRAME = /^\s+at .*$/;

/** Keys whose values are secret whatever they hold (an error's `code` is the kind of failure, and stays). */
const SECRET_KEY =
  /^(?:pin|password|passcode|otp|token|secret|api[_-]?key|authorization|cookie|cookies|set-cookie|session|x-api-key|email|phone)$/i;

function scrubLine(line: string): string {
  return maskSecrets(
    line
      .replace(EMAIL, "[email]")
      .replace(PHONE, "[phone]")
      .replace(NAMED_SECRET, (_, key: string, separator: string) => `${key}${separator}${FILTERED}`)
      .replace(PIN_IN_WORDS, (_, key: string, space: string) => `${key}${space}${FILTERED}`)
      .replace(TOKEN_SHAPED, MASK),
  );
}

/** A text without e-mails, phone numbers, PINs, codes and tokens; a stack's frames are kept as they are. */
export function scrubText(text: string): string {
  return text
    .split("\n")
    .map((line) => (STACK_FRAME.test(line) ? line : scrubLine(line)))
    .join("\n");
}

/** A value (an event, its extra data) with every text scrubbed and every secret-named field filtered. */
export function scrubValue<T>(value: T, depth = 0): T {
  if (typeof value === "string") return scrubText(value) as T;
  if (!value || typeof value !== "object" || depth > 12) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = SECRET_KEY.test(key) ? FILTERED : scrubValue(item, depth + 1);
  return copy as T;
}
