import { z } from "zod";
import type { TFailure, TResult } from "@domain/errors/app-error";
import type { TApiPlatform } from "@domain/gateway/api-input";
import type { TApiCaller } from "../../gateway/authenticate-api-token";
import type { TDeviceCaller } from "../../gateway/authenticate-device";
import type { TDriverCaller } from "../../gateway/authenticate-driver-token";
import type { log } from "../../log";

// One operation of the JSON gateway (docs/product/api-gateway.md): its method and path, who may call it, the schemas
// of what it reads and answers (the OpenAPI document is built from them; an operation cannot be declared without
// them), and its handler, which calls the same use cases as the pages.

/** The version of the API this server speaks (X-API-Version). */
export const API_VERSION = "1.0";

export type TApiContext<TBody, TCaller> = {
  body: TBody;
  /** A form operation's files by field name (docs/product/api-gateway.md#academy); empty for JSON operations. */
  files: Map<string, File>;
  params: Record<string, string>;
  /** The query string, parsed with the operation's `query` schema when it has one. */
  query: Record<string, unknown>;
  caller: TCaller;
  platform: TApiPlatform;
  ip: string;
  requestId: string;
  /** The request's Idempotency-Key, for an operation that needs one. */
  idempotencyKey: string | null;
  log: typeof log;
  now: Date;
};

/** A JSON answer, or (for an operation whose success is a file) the file, sent as a download. */
export type TApiAnswer =
  { status: number; body: unknown } | { status: 200; file: { bytes: Uint8Array; contentType: string; filename: string } };

const PDF = "application/pdf";

/** The success of an operation that answers a PDF, a download described as binary in the document. */
export const pdfDownload = (description: string) => ({ status: 200 as const, schema: z.string(), description, contentType: PDF });

/** A PDF sent as the download `filename` (an operation declared with `pdfDownload`). */
export const pdfAnswer = (bytes: Uint8Array, filename: string): TApiAnswer => ({
  status: 200,
  file: { bytes, contentType: PDF, filename },
});

/** A use case's result as the answer: what it answered (without `ok`) under `status`, or its refusal as it is. */
export function answerOf<T extends object>(status: 200 | 201, result: TResult<T>): TApiAnswer | TFailure {
  if (!result.ok) return result;
  const { ok: _ok, ...body } = result;
  return { status, body };
}

type TOperationBase = {
  method: "GET" | "POST" | "DELETE";
  /** The path after /api/v1, with `{name}` for a parameter. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The query string's parameters, each described in the document. */
  query?: z.ZodObject;
  /**
   * Whether it moves money and so needs an Idempotency-Key: the first answer is kept and replayed to a retry with the
   * same key and body; the key with another body is 422 (docs/product/api-gateway.md#idempotency-keys).
   */
  idempotent?: true;
  /**
   * The success answer's status and schema; with `contentType`, the answer is a file of that type (a download, not
   * JSON) and the schema describes it as binary.
   */
  success: { status: 200 | 201; schema: z.ZodType; description: string; contentType?: string };
  /**
   * The one exception to JSON bodies (docs/product/api-gateway.md#academy): the body is multipart/form-data of at most
   * `maxBytes`; its text fields are validated with `body`, its files (named in `files`, with a description) reach the
   * handler in `files`, unread. Anything else is 415, a larger body 413.
   */
  form?: { maxBytes: number; files: Record<string, string> };
  /** The refusals it can answer besides the gateway's own (400, 401, 415...), by status. */
  refusals: number[];
  /** A request that succeeds on the demo data, for the reference page and the contract tests; null when none can. */
  example?: unknown;
};

/** An operation for callers of one kind (`access`), its handler given the body its schema reads and that caller. */
type TOperationFor<TAccess extends string, TCaller, TBody> = TOperationBase & {
  access: TAccess;
  body?: z.ZodType<TBody>;
  handle: (ctx: TApiContext<TBody, TCaller>) => Promise<TApiAnswer | TFailure>;
};

export type TPublicOperation<TBody = unknown> = TOperationFor<"public", TApiCaller | null, TBody>;

export type TUserOperation<TBody = unknown> = TOperationFor<"user", TApiCaller, TBody>;

/** An operation for a paired device, with its device credential (docs/product/api-gateway.md#arduino-devices). */
export type TDeviceOperation<TBody = unknown> = TOperationFor<"device", TDeviceCaller, TBody>;

/**
 * A ZavCharge operation: called with a person's access token (their ZavCharge account) or with a driver's PIN token
 * (that account only; docs/product/api-gateway.md#signing-in).
 */
export type TDriverOperation<TBody = unknown> = TOperationFor<"driver", TDriverCaller, TBody>;

export type TApiOperation = TPublicOperation<never> | TUserOperation<never> | TDeviceOperation<never> | TDriverOperation<never>;

/** The declarer of operations for callers of one kind, each with its body's type inferred from its schema. */
const operationsFor =
  <TAccess extends TApiOperation["access"], TCaller>(access: TAccess) =>
  <TSchema extends z.ZodType>(
    op: Omit<TOperationFor<TAccess, TCaller, z.output<TSchema>>, "body" | "access"> & { body?: TSchema },
  ): TApiOperation =>
    ({ ...op, access }) as unknown as TApiOperation;

export const publicOperation = operationsFor<"public", TApiCaller | null>("public");
export const userOperation = operationsFor<"user", TApiCaller>("user");
export const deviceOperation = operationsFor<"device", TDeviceCaller>("device");
export const driverOperation = operationsFor<"driver", TDriverCaller>("driver");
