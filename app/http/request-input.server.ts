import { data } from "react-router";
import type { z } from "zod";
import { decodeComponent, MAX_QUERY_VALUE_CHARS, TEXT_PROBLEM_MESSAGES, textProblem } from "@domain/http/outside-text";
import {
  decodeUtf8,
  FORM_TYPE_MESSAGE,
  FORM_TYPES,
  isBodyOfType,
  JSON_TYPE_MESSAGE,
  JSON_TYPES,
  mediaTypeOf,
  parseFormBody,
  parseJsonText,
  type TBodyRead,
} from "@server/http/request-body";
import type { TRouteEntry } from "~/lib/route-table";

// The pages' side of the one reader of what a request carries (docs/product/site-shell.md#bad-input): its address, its
// query string and its body as a form or as JSON, read by server/http/request-body.ts (which the gateway shares).
// Anything it cannot read or will not accept ends here with a 4xx and a sentence a person understands, before a
// loader, an action or the database sees it. Route modules read bodies only through readForm, readFormData and
// readJson (lint refuses request.formData() and friends).

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

const mediaType = (request: Request) => mediaTypeOf(request.headers.get("content-type"));

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
  if (!mediaType(request) && !hasBody(request)) return;
  const json = entry?.body === "json";
  if (!isBodyOfType(request.headers.get("content-type"), json ? JSON_TYPES : FORM_TYPES))
    refuseInput(request, 415, json ? JSON_TYPE_MESSAGE : FORM_TYPE_MESSAGE);
}

/** What the shared reader answered, or its refusal as the page's 4xx. */
function readOrRefuse<T>(request: Request, read: TBodyRead<T>): T {
  if (!read.ok) refuseInput(request, read.refusal.status, read.refusal.message);
  return read.value;
}

async function readBytes(request: Request): Promise<ArrayBuffer> {
  try {
    return await request.arrayBuffer();
  } catch {
    refuseInput(request, 400, "The request body could not be read.");
  }
}

/** The submitted form, files included; every text field and file name checked. */
export async function readFormData(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!mediaType(request) && !hasBody(request)) return new FormData();
  if (!isBodyOfType(contentType, FORM_TYPES)) refuseInput(request, 415, FORM_TYPE_MESSAGE);
  return readOrRefuse(request, await parseFormBody(contentType, await readBytes(request), "page"));
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

/** A JSON body, parsed and with every string checked; the caller validates its shape with zod. */
export async function readJson(request: Request): Promise<unknown> {
  if (!isBodyOfType(request.headers.get("content-type"), JSON_TYPES)) refuseInput(request, 415, JSON_TYPE_MESSAGE);
  return readOrRefuse(request, parseJsonText(readOrRefuse(request, decodeUtf8(await readBytes(request))), "page"));
}

/** The raw UTF-8 text of a body whose exact bytes matter (a signed webhook), of the type the route takes. */
export async function readRawJsonText(request: Request): Promise<string> {
  if (mediaType(request) !== "application/json") refuseInput(request, 415, "This address takes JSON (content-type: application/json).");
  return readOrRefuse(request, decodeUtf8(await readBytes(request)));
}
