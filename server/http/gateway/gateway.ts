import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import type { TFailure } from "@domain/errors/app-error";
import { API_PLATFORMS, type TApiPlatform } from "@domain/gateway/api-input";
import { authenticateApiToken, type TApiCaller } from "../../gateway/authenticate-api-token";
import { authenticateDevice, type TDeviceCaller } from "../../gateway/authenticate-device";
import { authenticateDriverToken, isDriverToken, type TDriverCaller } from "../../gateway/authenticate-driver-token";
import { claimIdempotencyKey, recordIdempotentAnswer, releaseIdempotencyKey } from "../../gateway/idempotency-keys";
import { isDatabaseUnreachable } from "../../db/availability";
import { log } from "../../log";
import { UNAVAILABLE_MESSAGE } from "@domain/http/unavailable";
import { RETRY_AFTER_SECONDS } from "../unavailable";
import { peerAddress } from "../client-ip";
import {
  decodeUtf8,
  isBodyOfType,
  JSON_TYPES,
  NUL_MESSAGE,
  parseFormBody,
  parseJsonText,
  type TBodyRead,
  type TBodyRefusal,
} from "../request-body";
import { API_BASE, API_OPERATIONS, API_VERSION, MAX_JSON_BYTES, SUPPORTED_VERSIONS } from "./api-operations";
import type { TApiAnswer, TApiOperation } from "./api-operation";
import type { TApiErrorCode } from "./api-responses";
import { apiReferencePage, openApiDocument } from "./openapi-document";
import { labelRoute } from "../../metrics/route-label";

// The JSON gateway at /api/v1 (docs/product/api-gateway.md#the-contract): JSON in and out, a version header, a request
// id in every answer and log line, bearer tokens, and one error shape. Each operation is declared with its schemas
// (api-operation.ts); this file only routes, checks the contract and answers.

type TRoute = { op: TApiOperation; pattern: RegExp; names: string[] };
const ROUTES: TRoute[] = API_OPERATIONS.map((op) => {
  const names: string[] = [];
  const source = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { op, pattern: new RegExp(`^${source}$`), names };
});

/** A client's X-Request-ID when it is a sensible one, so its logs and ours meet; ours otherwise. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,255}$/;

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: TApiErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const refusalOf = (failure: TFailure) =>
  new ApiRefusal(failure.error.status, failure.error.code, failure.error.message, {
    ...(failure.error.field ? { field: failure.error.field } : {}),
    ...(failure.error.fieldErrors ? { fieldErrors: failure.error.fieldErrors } : {}),
  });

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The body's bytes, refused with 413 past `limit`. */
async function readBytes(req: IncomingMessage, limit: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ApiRefusal(413, "payload_too_large", `The body is too large (${what} at most).`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The shared reader's refusal (server/http/request-body.ts) in the gateway's error shape. */
function bodyRefusal(refusal: TBodyRefusal): ApiRefusal {
  const field = refusal.field;
  return refusal.status === 415
    ? new ApiRefusal(415, "unsupported_media_type", refusal.message)
    : new ApiRefusal(400, "invalid_input", refusal.message, field ? { field, fieldErrors: { [field]: refusal.message } } : {});
}

function readOrRefuse<T>(read: TBodyRead<T>): T {
  if (!read.ok) throw bodyRefusal(read.refusal);
  return read.value;
}

/** A JSON body (an empty one is {}), every text checked for U+0000 and its depth, by the shared reader. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  if (!isBodyOfType(header(req, "content-type"), JSON_TYPES))
    throw new ApiRefusal(415, "unsupported_media_type", "Send the body as JSON, with Content-Type: application/json (UTF-8).");
  const text = readOrRefuse(decodeUtf8(await readBytes(req, MAX_JSON_BYTES, `${MAX_JSON_BYTES / 1024} KB`)));
  return text.trim() === "" ? {} : readOrRefuse(parseJsonText(text, "api"));
}

/**
 * A form operation's body (docs/product/api-gateway.md#academy): multipart/form-data only, at most `maxBytes`; its
 * text fields (for the operation's schema; the first of a repeated name) and its files, whose content the use case checks.
 */
async function readForm(req: IncomingMessage, maxBytes: number): Promise<{ fields: Record<string, string>; files: Map<string, File> }> {
  const type = header(req, "content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new ApiRefusal(415, "unsupported_media_type", "Send this body as multipart/form-data.");
  const bytes = await readBytes(req, maxBytes, `${Math.floor(maxBytes / 1024 / 1024)} MB`);
  const form = readOrRefuse(await parseFormBody(type, bytes, "api"));
  const fields: Record<string, string> = {};
  const files = new Map<string, File>();
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] ??= value;
    else if (!files.has(name)) files.set(name, value);
  }
  return { fields, files };
}

/** The first issue's message and field (dotted path), and every field's first message. */
function invalidBody(error: z.ZodError): ApiRefusal {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.join(".") || "body"] ??= issue.message;
  const first = error.issues[0]!;
  const field = first.path.join(".") || undefined;
  return new ApiRefusal(400, "invalid_input", first.message, { ...(field ? { field } : {}), fieldErrors });
}

const refuseNul = (field: string) => bodyRefusal({ status: 400, message: NUL_MESSAGE, field });

function send(res: ServerResponse, status: number, body: unknown, requestId: string) {
  if (res.headersSent) return;
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-API-Version": API_VERSION,
    "X-Request-ID": requestId,
  });
  res.end(JSON.stringify(body));
}

/** Answers a request whose path starts with /api/v1. */
export async function answerGateway(req: IncomingMessage, res: ServerResponse, generatedRequestId: string): Promise<void> {
  const given = header(req, "x-request-id");
  const requestId = given && REQUEST_ID.test(given) ? given : generatedRequestId;
  const requestLog = log.child({ requestId });
  const url = new URL(req.url ?? "/", "http://gateway");
  const path = url.pathname.slice(API_BASE.length) || "/";
  const started = performance.now();
  let status = 500;
  let idempotent: { userId: string; key: string } | null = null;
  try {
    // The description of the API, for people and tools: no version header needed.
    if (req.method === "GET" && path === "/openapi.json") return void send(res, (status = 200), openApiDocument(), requestId);
    if (req.method === "GET" && (path === "/docs" || path === "/")) {
      res.writeHead((status = 200), { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" });
      return void res.end(apiReferencePage());
    }

    const version = header(req, "x-api-version");
    if (!version || !SUPPORTED_VERSIONS.includes(version))
      throw new ApiRefusal(
        400,
        "unsupported_version",
        version
          ? `Version ${version.slice(0, 20)} of the API is not served here.`
          : "Say which version of the API you speak in X-API-Version.",
        { supportedVersions: SUPPORTED_VERSIONS },
      );
    const platformHeader = header(req, "x-platform") ?? "web";
    if (!(API_PLATFORMS as readonly string[]).includes(platformHeader))
      throw new ApiRefusal(400, "invalid_input", "X-Platform is web, mobile or arduino.", { field: "X-Platform" });
    const platform = platformHeader as TApiPlatform;

    const matches = ROUTES.map((r) => ({ r, m: r.pattern.exec(path) })).filter((x) => x.m);
    if (matches.length === 0) throw new ApiRefusal(404, "not_found", "There is no such operation in this API.");
    const found = matches.find((x) => x.r.op.method === req.method);
    if (!found) {
      res.setHeader("Allow", [...new Set(matches.map((x) => x.r.op.method))].join(", "));
      throw new ApiRefusal(405, "method_not_allowed", `${req.method} is not an operation of ${path}.`);
    }
    const { op, names } = found.r;
    labelRoute(res, API_BASE + op.path);
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found.m![i + 1]!)]));

    const bearer = /^Bearer\s+(\S+)$/i.exec(header(req, "authorization") ?? "")?.[1];
    const now = new Date();
    // A driver's PIN token opens the ZavCharge operations of its account only (docs/product/api-gateway.md#signing-in),
    // a paired device's credential only the /device operations (#arduino-devices), a person's token only theirs.
    const driverToken = bearer !== undefined && isDriverToken(bearer);
    if (driverToken && op.access === "user")
      throw new ApiRefusal(
        403,
        "forbidden",
        "A ZavCharge PIN sign-in opens ZavCharge only: sign in with your e-mail and password for this.",
      );
    const device = bearer && op.access === "device" ? await authenticateDevice(bearer, now) : null;
    const person: TApiCaller | null =
      bearer && !driverToken && op.access !== "device" ? await authenticateApiToken(bearer, platform, now) : null;
    const pin = bearer && driverToken && op.access === "driver" ? await authenticateDriverToken(bearer) : null;
    if (op.access !== "public" && !person && !pin && !device) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="zavolah"');
      throw new ApiRefusal(
        401,
        "unauthenticated",
        bearer ? "Your session has ended: sign in again." : "Sign in first: send your access token.",
      );
    }
    const caller: TApiCaller | TDriverCaller | TDeviceCaller | null =
      op.access === "device" ? device : op.access === "driver" ? (pin ?? { kind: "person", person: person! }) : person;

    // No operation can keep or look up text holding U+0000 (the database refuses it): 400, not a 500 from deep inside.
    for (const [name, value] of Object.entries(params)) if (value.includes("\u0000")) throw refuseNul(name);
    for (const [name, value] of url.searchParams) if (name.includes("\u0000") || value.includes("\u0000")) throw refuseNul(name);
    let query: Record<string, unknown> = {};
    if (op.query) {
      const parsed = op.query.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) throw invalidBody(parsed.error);
      query = parsed.data as Record<string, unknown>;
    }
    let body: unknown = undefined;
    let files = new Map<string, File>();
    if (op.method === "POST") {
      let raw: unknown;
      if (op.form) ({ fields: raw, files } = await readForm(req, op.form.maxBytes));
      else raw = await readJson(req);
      const parsed = op.body ? op.body.safeParse(raw) : { success: true as const, data: raw };
      if (!parsed.success) throw invalidBody(parsed.error);
      body = parsed.data;
    }
    let idempotencyKey: string | null = null;
    // Keys are kept per person: a driver's PIN token counts as the site account its ZavCharge account belongs to.
    const keyOwner = person?.viewer.id ?? pin?.account.userId ?? null;
    if (op.idempotent && (person || pin)) {
      if (!keyOwner) throw new ApiRefusal(403, "forbidden", "Sign in with your e-mail and password for this.");
      idempotencyKey = header(req, "idempotency-key") ?? null;
      if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey))
        throw new ApiRefusal(400, "invalid_input", "Send an Idempotency-Key (8 to 255 letters, digits, - or _) with this request.", {
          field: "Idempotency-Key",
        });
      const requestHash = createHash("sha256")
        .update(`${op.operationId}\n${JSON.stringify(body ?? null)}`)
        .digest("hex");
      const claim = await claimIdempotencyKey(keyOwner, idempotencyKey, requestHash, now);
      if (claim.kind === "mismatch")
        throw new ApiRefusal(422, "idempotency_key_reused", "This Idempotency-Key was used with another request: use a new key.", {
          field: "Idempotency-Key",
        });
      if (claim.kind === "in_progress")
        throw new ApiRefusal(409, "conflict", "A request with this Idempotency-Key is still being answered: retry in a moment.");
      if (claim.kind === "replay") {
        res.setHeader("Idempotent-Replayed", "true");
        return void send(res, (status = claim.status), claim.body, requestId);
      }
      idempotent = { userId: keyOwner, key: idempotencyKey };
    }
    const ctx = {
      body: body as never,
      files,
      params,
      query,
      caller: caller as never,
      platform,
      ip: peerAddress(req),
      requestId,
      idempotencyKey,
      log: requestLog,
      now,
    };
    const answer: TApiAnswer | TFailure = await op.handle(ctx);
    if ("ok" in answer && answer.ok === false) throw refusalOf(answer);
    const answered = answer as TApiAnswer;
    if ("file" in answered) {
      const { file } = answered;
      // A download (a certificate's PDF): never cached, never sniffed, never shown inline.
      res.writeHead((status = answered.status), {
        "Content-Type": file.contentType,
        "Content-Length": file.bytes.length,
        "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        "X-API-Version": API_VERSION,
        "X-Request-ID": requestId,
      });
      return void res.end(file.bytes);
    }
    if (idempotent) await recordIdempotentAnswer(idempotent.userId, idempotent.key, answered.status, answered.body);
    send(res, (status = answered.status), answered.body, requestId);
  } catch (error) {
    if (error instanceof ApiRefusal) {
      const refusal = { code: error.code, message: error.message, ...error.extra, requestId };
      // A refusal is the request's answer too: a retry with the key gets it again.
      if (idempotent) await recordIdempotentAnswer(idempotent.userId, idempotent.key, error.status, refusal).catch(() => undefined);
      send(res, (status = error.status), refusal, requestId);
    } else {
      if (idempotent) await releaseIdempotencyKey(idempotent.userId, idempotent.key).catch(() => undefined);
      requestLog.error({ err: error, method: req.method, path }, "gateway request failed");
      // The connection to the database dropped under the request: what it wrote was rolled back or committed whole
      // (a retry with its key finds the order), and the answer is the one every request gets while it is away.
      if (isDatabaseUnreachable(error)) {
        if (!res.headersSent) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS.database));
        return void send(res, (status = 503), { code: "unavailable", message: UNAVAILABLE_MESSAGE, requestId }, requestId);
      }
      send(
        res,
        (status = 500),
        { code: "internal", message: "Something went wrong on our side. Try again in a moment.", requestId },
        requestId,
      );
    }
  } finally {
    requestLog.debug({ method: req.method, path, status, ms: Math.round(performance.now() - started) }, "gateway request");
  }
}
