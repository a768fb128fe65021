// What the back office shows of a message (docs/product/messaging.md#secrets-in-messages): one-time codes, link tokens
// and signed links would let whoever reads them act as the recipient, so lists, delivery logs and the read-only view
// show them masked. Everything else in the message stays readable.

export const MASK = "••••••";

/** `token=…`, `code=…` and the like: a query value that is itself the secret. */
const SECRET_QUERY = /\b(token|code|otp|sig|signature)=[^\s&"'<>#]+/gi;
/** A signed path segment: a payload, a dot and a 43-character HMAC (`/cart/restore/12.<sig>`, design downloads). */
const SIGNED_SEGMENT = /\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/**
 * A number of exactly six digits standing alone: the shape of every one-time code the site sends (PIN reset, two-factor).
 * Not part of a word, a reference ("ZV-100482"), a colour ("#000000"), an entity, a path or a longer number.
 */
const SIX_DIGIT_CODE = /(?<![\w#&/-])\d{6}(?![\w/-]|\.\d)/g;

/** The text with every secret masked; the same for subjects, plain text, HTML, SMS and provider errors. */
export function maskSecrets(text: string): string {
  return text
    .replace(SECRET_QUERY, (_, key: string) => `${key}=${MASK}`)
    .replace(SIGNED_SEGMENT, `/${MASK}`)
    .replace(SIX_DIGIT_CODE, MASK);
}
