import { data } from "react-router";
import type { AppError, TFailure, TResult } from "@domain/errors/app-error";
import type { TActionAnswer, TFormRefusal } from "~/lib/action-answer";
import type { TToastMessage } from "~/lib/toast";
import { isEnhanced, redirectWithFlash, refererPath } from "./form.server";

// The one ending of a form action (docs/decisions/0011-one-error-contract.md): a use case's result becomes
// JSON for a hydrated form's fetcher (TActionAnswer, with the error's HTTP status on refusal), or, without
// JavaScript, a redirect back with the same toast as a flash message.

export type TActionOutcome<T extends object> = {
  /** The toast after success: a title, or a whole message. */
  done: (value: { ok: true } & T) => TToastMessage | string;
  /** The toast title of a refusal (or one per kind of refusal); the error's message is its description. */
  failedTitle: string | ((error: AppError) => string);
  /** Where a browser without JavaScript goes back to; the page the form was on by default. */
  back?: string | ((result: TResult<T>) => string);
  /** What the fetcher receives besides ok and toast on success. */
  answer?: (value: { ok: true } & T) => object;
  headers?: Headers;
};

/** What a form action answers: JSON for a fetcher, or a redirect with a flash message (intents that answer so use it as their R). */
export type TActionResponse = Awaited<ReturnType<typeof actionResponse>>;

export async function actionResponse<T extends object>(
  request: Request,
  fields: Record<string, string>,
  result: TResult<T>,
  outcome: TActionOutcome<T>,
) {
  const headers = outcome.headers ?? new Headers();
  let toast: TToastMessage;
  let answer: TActionAnswer;
  let status = 200;
  if (result.ok) {
    const done = outcome.done(result);
    toast = typeof done === "string" ? { type: "success", title: done } : done;
    answer = { ok: true, toast, ...outcome.answer?.(result) };
  } else {
    const title = typeof outcome.failedTitle === "function" ? outcome.failedTitle(result.error) : outcome.failedTitle;
    toast = { type: "error", title, description: result.error.message };
    answer = { ok: false, error: result.error.toView(), toast };
    status = result.error.status;
  }
  if (isEnhanced(fields)) return data(answer, { status, headers });
  const back = typeof outcome.back === "function" ? outcome.back(result) : (outcome.back ?? refererPath(request));
  return redirectWithFlash(back, toast, headers);
}

/**
 * A full-page form's refusal, with or without JavaScript: the page renders again with the messages beside
 * the fields and what was typed (the caller leaves out what must not come back, like passwords).
 */
export function formRefusal(failure: TFailure, values: Record<string, string>) {
  return data<TFormRefusal>({ ok: false, error: failure.error.toView(), values }, { status: failure.error.status });
}

/**
 * A refusal as a form with its own message slots shows it (the sign-in dialog, the account page's sections): each
 * field's message beside its input, or one message above the form.
 */
export function refusalMessages(failure: TFailure): { fieldErrors: Record<string, string> } | { formError: string } {
  return failure.error.fieldErrors ? { fieldErrors: failure.error.fieldErrors } : { formError: failure.error.message };
}
