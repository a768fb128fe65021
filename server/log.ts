import pino, { type DestinationStream } from "pino";
import { env } from "./env";
import { processGlobal } from "./process-global";

// A failed statement's error carries its parameters (Drizzle's DrizzleQueryError: a `params` list, and a
// "params: ..." line in its message and stack): a session token, a code, a reset link's token. Logs are read by
// more people than the database is, so errors are logged with the statement but never its values
// (docs/product/messaging.md#secrets-in-messages, "Logs never carry them").
const PARAMS_LINE = /\nparams: [^\n]*/g;
const NOT_LOGGED = "(not logged)";

/**
 * `knownParams` are the exact "params: ..." texts of the errors in the logged error's chain: replaced as they are, the
 * cause's message that follows them on the same line (pino appends it) stays. Any other such line (a message logged
 * as a string) is cut to its end, since where its values end is unknown.
 */
function withoutParameters(value: unknown, knownParams: string[], depth = 0): unknown {
  if (typeof value === "string") {
    let text = value;
    for (const params of knownParams) text = text.split(params).join(`params: ${NOT_LOGGED}`);
    return text.replace(PARAMS_LINE, (line) =>
      line === `\nparams: ${NOT_LOGGED}` || line.startsWith(`\nparams: ${NOT_LOGGED}:`) ? line : `\nparams: ${NOT_LOGGED}`,
    );
  }
  if (!value || typeof value !== "object" || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => withoutParameters(item, knownParams, depth + 1));
  const copy: Record<string, unknown> = {};
  // PostgreSQL's `detail` repeats values too ("Key (token)=(...) already exists"); its `constraint` names the rule.
  for (const [key, item] of Object.entries(value))
    copy[key] = key === "params" || key === "detail" ? NOT_LOGGED : withoutParameters(item, knownParams, depth + 1);
  return copy;
}

/** The "params: ..." text of each error in the chain that carries its statement's values (Drizzle's DrizzleQueryError). */
function paramsTexts(error: unknown): string[] {
  const texts: string[] = [];
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params) && params.length > 0) texts.push(`params: ${String(params)}`);
  }
  return texts;
}

/** An error (or what a caller logged in its place: its message, a plain object) without any statement's values. */
const errorWithoutParameters = (value: unknown) =>
  withoutParameters(value instanceof Error ? pino.stdSerializers.err(value) : value, paramsTexts(value));

/**
 * Under Vitest, lines go through console.log, which Vitest keeps back and prints only for a test that fails
 * (vitest.config.ts, `silent: "passed-only"`): the failures tests cause on purpose no longer bury the one that matters.
 */
const throughTheTestConsole: DestinationStream = { write: (line: string) => console.log(line.replace(/\n$/, "")) };

/** A line logged at the error level or above: its fields (`err`, `requestId`, `path`...) and its message. */
export type TLoggedError = { fields: Record<string, unknown>; message: string | null };

// One listener a process, heard by the logger of either bundle (server/process-global.ts).
const errorListener = processGlobal("error-logged", () => ({
  listener: null as ((logged: TLoggedError) => void) | null,
  reporting: false,
}));

/**
 * Who hears of every error logged (server/errors/report-error.ts sends them to the error reports): one listener, or
 * null to stop. It runs beside the log line and can never break it, nor hear of an error it logs itself.
 */
export function onErrorLogged(listener: ((logged: TLoggedError) => void) | null): void {
  errorListener.listener = listener;
}

function hearError(args: unknown[]): void {
  const errorLogged = errorListener.listener;
  if (!errorLogged || errorListener.reporting) return;
  errorListener.reporting = true;
  try {
    const [first, second] = args;
    if (first instanceof Error) errorLogged({ fields: { err: first }, message: typeof second === "string" ? second : null });
    else if (first && typeof first === "object")
      errorLogged({ fields: first as Record<string, unknown>, message: typeof second === "string" ? second : null });
    else errorLogged({ fields: {}, message: typeof first === "string" ? first : null });
  } catch {
    // Reporting is beside the log: the line is written whatever became of the report.
  } finally {
    errorListener.reporting = false;
  }
}

const ERROR_LEVEL = 50;

/** The process's logger; a test passes its own destination to read what would be written. */
export function createLog(destination?: DestinationStream) {
  const options: pino.LoggerOptions = {
    level: env.NODE_ENV === "test" && !destination ? "warn" : env.LOG_LEVEL,
    serializers: { err: errorWithoutParameters, error: errorWithoutParameters },
    hooks: {
      logMethod(args, method, level) {
        if (level >= ERROR_LEVEL) hearError(args);
        return method.apply(this, args);
      },
    },
  };
  if (destination) return pino(options, destination);
  return env.NODE_ENV === "test" ? pino(options, throughTheTestConsole) : pino(options);
}

export const log = createLog();
