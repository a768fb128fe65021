import { data } from "react-router";
import type { z } from "zod";
import { walkJsonTexts } from "@domain/http/json-walk";
import { decodeComponent, MAX_FIELD_CHARS, MAX_QUERY_VALUE_CHARS, TEXT_PROBLEM_MESSAGES, textProblem } from "@domain/http/outside-text";
import type { TRouteEntry } from "~/lib/route-table";

// The one reader of what a request carries (docs/product/site-shell.md#bad-input): its address, its query string
// and its body as a form or as JSON. Anything it cannot read or will not accept ends here with a 4xx and a
// sentence a person understands, before a loader, an action or the database sees it. Route modules read
// bodies only through readForm, readFormData and readJson (lint refuses request.formData() and friends).

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const JSON_TYPES = new Set(["application/json"]);

/** A refused request: JSON under /api, otherwise the page's error screen with the message. */
export function refuseInput(request: Request, status: 400 | 404 | 413 | 415, message: string): never {
  if (new URL(request.url).pathname.startsWith("/api/")) throw Response.json({ message }, { status });
  throw data({ message }, { status });
}

/**
 * A query or a JSON body checked against its schema (docs/decisions/0011-one-error-contract.md): what does not fit is
 * refused with a 400 and the message. Forms go through parseThen instead, which answers each field.
 */
export function parseRequestInput<S extends z.ZodType>(request: Request, schema: S, value: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) refuseInput(request, 400, message);
  return parsed.data;
}

/**
 * The query string's filters (a staff list's status, search, sort and page) by their schema, through
 * parseRequestInput: the lists' schemas fall back to their defaults for what they cannot use, and one that refuses
 * instead answers 400.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return parseRequestInput(request, schema, Object.fromEntries(new URL(request.url).searchParams), "These filters cannot be read.");
}

/** The media type of the body, lower case, without parameters; "" when none was sent. */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Bodies are UTF-8: a charset parameter naming anything else is refused. */
function hasForeignCharset(request: Request): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers.get("content-type") ?? "")?.[1];
  return charset !== undefined && !/^utf-?8$/i.test(charset);
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  return length !== null ? Number(length) > 0 : request.body !== null && request.headers.has("transfer-encoding");
}

function checkText(request: Request, what: string, value: string, maxChars: number) {
  const problem = textProblem(value, maxChars);
  if (problem) refuseInput(request, 400, `${what} ${TEXT_PROBLEM_MESSAGES[problem]}.`);
}

/**
 * Checks the address and, for a write, the kind of body, against what the route takes (its route-table entry):
 * the access middleware calls this before anything else runs. Broken percent-encoding, control characters or an
 * over-long query value answer 400; a body of a type the route does not read answers 415.
 */
export function checkRequestShape(request: Request, entry: TRouteEntry | undefined) {
  const url = new URL(request.url);
  for (const segment of url.pathname.split("/")) {
    const decoded = decodeComponent(segment.replace(/\+/g, "%2B"));
    if (decoded === null) refuseInput(request, 400, "This address has broken characters in it.");
    checkText(request, "This address", decoded, MAX_QUERY_VALUE_CHARS);
  }
  for (const pair of url.search.slice(1).split("&")) {
    if (!pair) continue;
    const cut = pair.indexOf("=");
    for (const raw of cut < 0 ? [pair] : [pair.slice(0, cut), pair.slice(cut + 1)]) {
      const decoded = decodeComponent(raw);
      if (decoded === null) refuseInput(request, 400, "This address has broken characters in its search terms.");
      checkText(request, "A search term in this address", decoded, MAX_QUERY_VALUE_CHARS);
    }
  }
  if (request.method === "GET" || request.method === "HEAD") return;
  const type = mediaType(request);
  if (!type && !hasBody(request)) return;
  const accepted = entry?.body === "json" ? JSON_TYPES : FORM_TYPES;
  if (!accepted.has(type) || hasForeignCharset(request)) {
    refuseInput(
      request,
      415,
      entry?.body === "json"
        ? "This address takes JSON (content-type: application/json, UTF-8)."
        : "This address takes a submitted form (application/x-www-form-urlencoded or multipart/form-data, UTF-8).",
    );
  }
}

async function readUtf8(request: Request): Promise<string> {
  let bytes: ArrayBuffer;
  try {
    bytes = await request.arrayBuffer();
  } catch {
    refuseInput(request, 400, "The request body could not be read.");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    refuseInput(request, 400, "The request body isn't valid UTF-8 text.");
  }
}

/** A URL-encoded body, decoded strictly: broken percent-encoding is refused, not guessed at. */
async function readUrlEncoded(request: Request): Promise<FormData> {
  const form = new FormData();
  for (const pair of (await readUtf8(request)).split("&")) {
    if (!pair) continue;
    const cut = pair.indexOf("=");
    const name = decodeComponent(cut < 0 ? pair : pair.slice(0, cut));
    const value = cut < 0 ? "" : decodeComponent(pair.slice(cut + 1));
    if (name === null || value === null) refuseInput(request, 400, "The form has broken characters in it.");
    form.append(name, value);
  }
  return form;
}

/** The submitted form, files included; every text field and file name checked. */
export async function readFormData(request: Request): Promise<FormData> {
  const type = mediaType(request);
  if (!type && !hasBody(request)) return new FormData();
  if (!FORM_TYPES.has(type) || hasForeignCharset(request))
    refuseInput(request, 415, "This address takes a submitted form (application/x-www-form-urlencoded or multipart/form-data, UTF-8).");
  let form: FormData;
  if (type === "multipart/form-data") {
    try {
      form = await request.formData();
    } catch {
      refuseInput(request, 400, "The form could not be read: its parts are malformed.");
    }
  } else {
    form = await readUrlEncoded(request);
  }
  for (const [name, value] of form) {
    checkText(request, "A field name", name, 200);
    if (typeof value === "string") checkText(request, `The field "${name.slice(0, 40)}"`, value, MAX_FIELD_CHARS);
    else checkText(request, "A file name", value.name, 255);
  }
  return form;
}

/** Text fields of a submitted form (files are ignored here). */
export async function readForm(request: Request): Promise<Record<string, string>> {
  return textFields(await readFormData(request));
}

/** The text fields of form data already read (the last value of a repeated name). */
export function textFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}

/** One file field of form data, or null when none was chosen (browsers send an empty, nameless part). */
export function oneFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value && typeof value !== "string" && value.size > 0 ? value : null;
}

function checkJsonStrings(request: Request, value: unknown): void {
  const stop = walkJsonTexts(value, ({ text, isKey }) => {
    const problem = textProblem(text, isKey ? 200 : MAX_FIELD_CHARS);
    return problem ? `${isKey ? "A key in the JSON" : "A value in the JSON"} ${TEXT_PROBLEM_MESSAGES[problem]}.` : null;
  });
  if (stop?.kind === "too_deep") refuseInput(request, 400, "The JSON is nested too deeply.");
  if (stop?.kind === "text") refuseInput(request, 400, stop.found);
}

/** A JSON body, parsed and with every string checked; the caller validates its shape with zod. */
export async function readJson(request: Request): Promise<unknown> {
  if (!JSON_TYPES.has(mediaType(request)) || hasForeignCharset(request))
    refuseInput(request, 415, "This address takes JSON (content-type: application/json, UTF-8).");
  const text = await readUtf8(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    refuseInput(request, 400, "The request body isn't valid JSON.");
  }
  checkJsonStrings(request, value);
  return value;
}

/** The raw UTF-8 text of a body whose exact bytes matter (a signed webhook), of the type the route takes. */
export async function readRawJsonText(request: Request): Promise<string> {
  if (!JSON_TYPES.has(mediaType(request))) refuseInput(request, 415, "This address takes JSON (content-type: application/json).");
  return readUtf8(request);
}
