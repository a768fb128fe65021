import type { z } from "zod";

// One error contract for every use case and route (docs/decisions/0011-one-error-contract.md): a refusal a
// person should read carries a code, a user-facing message, the HTTP status that code means and, when it is
// about one field of a form, that field. Use cases return it in a result, never throw it (from inside a
// transaction through server/db/in-transaction.ts, which rolls back); app/http/action-response.server.ts turns it
// into the answer.

export const APP_ERROR_STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
} as const;
export type TAppErrorCode = keyof typeof APP_ERROR_STATUS;
export type TAppErrorStatus = (typeof APP_ERROR_STATUS)[TAppErrorCode];

/** The first message for each field of a form, for showing beside its input. */
export type TFieldErrors = Record<string, string>;

/** An AppError as JSON: what the browser receives. */
export type TAppErrorView = { code: TAppErrorCode; message: string; field?: string; fieldErrors?: TFieldErrors };

export class AppError extends Error {
  readonly code: TAppErrorCode;
  readonly status: TAppErrorStatus;
  /** The form field the message belongs to, if it is about one. */
  readonly field?: string;
  /** Every field's first message, when a form had several wrong. */
  readonly fieldErrors?: TFieldErrors;

  constructor(code: TAppErrorCode, message: string, options: { field?: string; fieldErrors?: TFieldErrors } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = APP_ERROR_STATUS[code];
    this.field = options.field;
    this.fieldErrors = options.fieldErrors ?? (options.field ? { [options.field]: message } : undefined);
  }

  toView(): TAppErrorView {
    return {
      code: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
    };
  }
}

/** What a use case answers: its value with ok: true, or the refusal. */
export type TResult<T extends object = object> = ({ ok: true } & T) | TFailure;
export type TFailure = { ok: false; error: AppError };

export function succeed<T extends object>(value: T): { ok: true } & T;
export function succeed(): { ok: true };
export function succeed<T extends object>(value?: T) {
  return { ok: true as const, ...value };
}

export function refuse(code: TAppErrorCode, message: string, options?: { field?: string; fieldErrors?: TFieldErrors }): TFailure {
  return { ok: false, error: new AppError(code, message, options) };
}

/**
 * A result the caller made sure of beforehand (it checked the same rule under the same lock): a refusal here means
 * our own checks disagree, a bug, and is raised as one (a server error, logged), not shown as an answer.
 */
export function certain<T extends object>(result: TResult<T>, doing: string): { ok: true } & T {
  if (!result.ok) throw new Error(`${doing}: ${result.error.message}`);
  return result;
}

/** The first message per field of a failed parse ("form" for issues about the whole form). */
export function fieldErrorsOf(error: z.ZodError): TFieldErrors {
  const out: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A failed parse as one refusal: the first issue's message and field, and every field's message. With
 * `formFields`, only those count as fields (the ones the form shows an input for); an issue with a hidden
 * field such as an id is about the whole form.
 */
export function invalidInput(error: z.ZodError, formFields?: readonly string[]): TFailure {
  const shown = (key: string) => !formFields || formFields.includes(key);
  const first = error.issues[0];
  const firstKey = first?.path[0] === undefined ? undefined : String(first.path[0]);
  const field = firstKey !== undefined && shown(firstKey) ? firstKey : undefined;
  const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(error)).filter(([key]) => shown(key)));
  return refuse("invalid_input", first?.message ?? "Please check the form and try again", {
    field,
    fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : undefined,
  });
}

/**
 * Parses a form with a use case's schema and runs the use case with the typed input; a form that does not
 * parse is refused with its messages (`formFields`: the fields the form shows, see invalidInput; undefined when every
 * field the schema names has an input).
 */
export async function parseThen<S extends z.ZodType, T extends object>(
  schema: S,
  fields: unknown,
  formFields: readonly string[] | undefined,
  run: (input: z.output<S>) => Promise<TResult<T>>,
): Promise<TResult<T>> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, formFields);
  return run(parsed.data);
}
