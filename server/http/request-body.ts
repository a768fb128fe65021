import { MAX_JSON_DEPTH, walkJsonTexts } from "@domain/http/json-walk";
import { decodeComponent, MAX_FIELD_CHARS, TEXT_PROBLEM_MESSAGES, textProblem, type TTextProblem } from "@domain/http/outside-text";

// The one reader of a request's body, for the website's pages (app/http/request-input.server.ts) and the JSON gateway
// (server/http/gateway/gateway.ts): the media type and its charset, strict UTF-8, strict URL-encoding, multipart, JSON
// and what the texts inside may hold. It answers a refusal (status, sentence, field) instead of throwing, and each
// adapter says it in its own shape: the page's error or a form's message, the gateway's error body.

export type TBodyRefusal = { status: 400 | 415; message: string; field?: string };
export type TBodyRead<T> = { ok: true; value: T } | { ok: false; refusal: TBodyRefusal };

/**
 * What text may hold. The pages refuse every control character but tab and line breaks, lone surrogates and texts
 * past their limit (docs/product/site-shell.md#bad-input); the gateway refuses only U+0000, which the database can
 * neither keep nor compare (docs/product/api-gateway.md#the-contract).
 */
export type TTextRule = "page" | "api";

export const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
export const JSON_TYPES = new Set(["application/json"]);

export const FORM_TYPE_MESSAGE = "This address takes a submitted form (application/x-www-form-urlencoded or multipart/form-data, UTF-8).";
export const JSON_TYPE_MESSAGE = "This address takes JSON (content-type: application/json, UTF-8).";
export const NUL_MESSAGE = "Text cannot hold the NUL character (U+0000).";

const refused = (status: 400 | 415, message: string, field?: string): { ok: false; refusal: TBodyRefusal } => ({
  ok: false,
  refusal: { status, message, ...(field !== undefined ? { field } : {}) },
});

/** The media type of a Content-Type header, lower case, without parameters; "" when none was sent. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Bodies are UTF-8: a charset parameter naming anything else is refused. */
export function hasForeignCharset(contentType: string | null | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1];
  return charset !== undefined && !/^utf-?8$/i.test(charset);
}

/** Whether a Content-Type is one of `types`, in UTF-8. */
export function isBodyOfType(contentType: string | null | undefined, types: Set<string>): boolean {
  return types.has(mediaTypeOf(contentType)) && !hasForeignCharset(contentType);
}

/** The body's bytes as text, refused when they are not UTF-8 (never guessed at with replacement characters). */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array): TBodyRead<string> {
  try {
    return { ok: true, value: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return refused(400, "The request body isn't valid UTF-8 text.");
  }
}

/** Why `text` is refused under the rule, or null. */
function problemUnder(rule: TTextRule, text: string, maxChars: number): TTextProblem | null {
  return rule === "page" ? textProblem(text, maxChars) : text.includes("\u0000") ? "control" : null;
}

/** The sentence for a refused text: the page's words name what it is, the gateway's the character. */
function textRefusal(rule: TTextRule, what: string, problem: TTextProblem, field: string) {
  return rule === "page" ? refused(400, `${what} ${TEXT_PROBLEM_MESSAGES[problem]}.`, field) : refused(400, NUL_MESSAGE, field);
}

/** JSON text parsed, no deeper than any reader needs, with every key and value checked under the rule. */
export function parseJsonText(text: string, rule: TTextRule): TBodyRead<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused(400, "The request body isn't valid JSON.", "body");
  }
  const stop = walkJsonTexts(value, ({ text: found, isKey }) => {
    const problem = problemUnder(rule, found, isKey ? 200 : MAX_FIELD_CHARS);
    return problem ? { problem, isKey } : null;
  });
  if (stop?.kind === "too_deep") return refused(400, `The body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, "body");
  if (stop?.kind === "text")
    return textRefusal(
      rule,
      stop.found.isKey ? "A key in the JSON" : "A value in the JSON",
      stop.found.problem,
      stop.path.join(".") || "body",
    );
  return { ok: true, value };
}

/** A URL-encoded body, decoded strictly: broken percent-encoding is refused, not guessed at. */
function parseUrlEncoded(text: string): TBodyRead<FormData> {
  const form = new FormData();
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const cut = pair.indexOf("=");
    const name = decodeComponent(cut < 0 ? pair : pair.slice(0, cut));
    const value = cut < 0 ? "" : decodeComponent(pair.slice(cut + 1));
    if (name === null || value === null) return refused(400, "The form has broken characters in it.");
    form.append(name, value);
  }
  return { ok: true, value: form };
}

/** A submitted form's body (URL-encoded or multipart, by its Content-Type), every field name, text and file name checked. */
export async function parseFormBody(contentType: string, bytes: ArrayBuffer | Uint8Array, rule: TTextRule): Promise<TBodyRead<FormData>> {
  let form: FormData;
  if (mediaTypeOf(contentType) === "multipart/form-data") {
    try {
      form = await new Response(bytes instanceof ArrayBuffer ? bytes : new Uint8Array(bytes), {
        headers: { "Content-Type": contentType },
      }).formData();
    } catch {
      return refused(400, "The form could not be read: its parts are malformed.");
    }
  } else {
    const text = decodeUtf8(bytes);
    if (!text.ok) return text;
    const parsed = parseUrlEncoded(text.value);
    if (!parsed.ok) return parsed;
    form = parsed.value;
  }
  for (const [name, value] of form) {
    const nameProblem = problemUnder(rule, name, 200);
    if (nameProblem) return textRefusal(rule, "A field name", nameProblem, "body");
    const field = name.slice(0, 40);
    const problem = typeof value === "string" ? problemUnder(rule, value, MAX_FIELD_CHARS) : problemUnder(rule, value.name, 255);
    if (problem) return textRefusal(rule, typeof value === "string" ? `The field "${field}"` : "A file name", problem, name);
  }
  return { ok: true, value: form };
}
