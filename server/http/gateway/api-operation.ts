import type { z } from "zod";
import type { TFailure } from "@domain/errors/app-error";
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

export type TPublicOperation<TBody = unknown> = TOperationBase & {
  access: "public";
  body?: z.ZodType<TBody>;
  handle: (ctx: TApiContext<TBody, TApiCaller | null>) => Promise<TApiAnswer | TFailure>;
};

export type TUserOperation<TBody = unknown> = TOperationBase & {
  access: "user";
  body?: z.ZodType<TBody>;
  handle: (ctx: TApiContext<TBody, TApiCaller>) => Promise<TApiAnswer | TFailure>;
};

/** An operation for a paired device, with its device credential (docs/product/api-gateway.md#arduino-devices). */
export type TDeviceOperation<TBody = unknown> = TOperationBase & {
  access: "device";
  body?: z.ZodType<TBody>;
  handle: (ctx: TApiContext<TBody, TDeviceCaller>) => Promise<TApiAnswer | TFailure>;
};

/**
 * A ZavCharge operation: called with a person's access token (their ZavCharge account) or with a driver's PIN token
 * (that account only; docs/product/api-gateway.md#signing-in).
 */
export type TDriverOperation<TBody = unknown> = TOperationBase & {
  access: "driver";
  body?: z.ZodType<TBody>;
  handle: (ctx: TApiContext<TBody, TDriverCaller>) => Promise<TApiAnswer | TFailure>;
};

export type TApiOperation = TPublicOperation<never> | TUserOperation<never> | TDeviceOperation<never> | TDriverOperation<never>;

/** Declares an operation with its body's type inferred from its schema. */
export function publicOperation<TSchema extends z.ZodType>(
  op: Omit<TPublicOperation<z.output<TSchema>>, "body" | "access"> & { body?: TSchema },
): TApiOperation {
  return { ...op, access: "public" } as unknown as TApiOperation;
}

export function userOperation<TSchema extends z.ZodType>(
  op: Omit<TUserOperation<z.output<TSchema>>, "body" | "access"> & { body?: TSchema },
): TApiOperation {
  return { ...op, access: "user" } as unknown as TApiOperation;
}

export function deviceOperation<TSchema extends z.ZodType>(
  op: Omit<TDeviceOperation<z.output<TSchema>>, "body" | "access"> & { body?: TSchema },
): TApiOperation {
  return { ...op, access: "device" } as unknown as TApiOperation;
}

export function driverOperation<TSchema extends z.ZodType>(
  op: Omit<TDriverOperation<z.output<TSchema>>, "body" | "access"> & { body?: TSchema },
): TApiOperation {
  return { ...op, access: "driver" } as unknown as TApiOperation;
}
