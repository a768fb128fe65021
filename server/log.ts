import pino, { type DestinationStream } from "pino";
import { env } from "./env";

// A failed statement's error carries its parameters (Drizzle's DrizzleQueryError: a `params` list, and a
// "params: ..." line in its message and stack): a session token, a code, a reset link's token. Logs are read by
// more people than the database is, so errors are logged with the statement but never its values
// (docs/product/messaging.md#secrets-in-messages, "Logs never carry them").
const PARAMS_LINE = /\nparams: [^\n]*/g;
const NOT_LOGGED = "(not logged)";

function withoutParameters(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(PARAMS_LINE, `\nparams: ${NOT_LOGGED}`);
  if (!value || typeof value !== "object" || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => withoutParameters(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = key === "params" ? NOT_LOGGED : withoutParameters(item, depth + 1);
  return copy;
}

/** An error (or what a caller logged in its place: its message, a plain object) without any statement's values. */
const errorWithoutParameters = (value: unknown) => withoutParameters(value instanceof Error ? pino.stdSerializers.err(value) : value);

/** The process's logger; a test passes its own destination to read what would be written. */
export function createLog(destination?: DestinationStream) {
  const options = {
    level: env.NODE_ENV === "test" && !destination ? "warn" : env.LOG_LEVEL,
    serializers: { err: errorWithoutParameters, error: errorWithoutParameters },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const log = createLog();
