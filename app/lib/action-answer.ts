import { useEffect, useRef } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import type { TAppErrorView } from "@domain/errors/app-error";
import { showToast, type TToastMessage } from "./toast";

// What an enhanced form's action answers a fetcher (app/http/action-response.server.ts builds it): the toast
// the user should see and, on refusal, the error with its field. Without JavaScript the same toast arrives
// as a flash message after a redirect.

export type TActionAnswer<T extends object = object> =
  ({ ok: true; toast: TToastMessage } & T) | { ok: false; error: TAppErrorView; toast: TToastMessage };

/** A full-page form's refusal (formRefusal): the page shows the messages beside what was typed. */
export type TFormRefusal = { ok: false; error: TAppErrorView; values: Record<string, string> };

/** The refusal in a page's action data, if that is what it holds. */
export function formRefusalIn(actionData: unknown): TFormRefusal | null {
  const d = actionData as Partial<TFormRefusal> | undefined;
  return d && d.ok === false && d.error && d.values ? (d as TFormRefusal) : null;
}

/** A refusal's messages by field, or, when it names no fields, its one message under `form` for the form's top. */
export function formErrorsIn(failed: TFormRefusal | null): Record<string, string | undefined> {
  return failed?.error.fieldErrors ?? (failed ? { form: failed.error.message } : {});
}

/**
 * Shows a fetcher's answer as a toast once it is done: successes always, refusals too with `errors: "toast"`
 * (otherwise the form shows them inline, from `formError` and `fieldError`). A form that leaves the page when it
 * succeeds (a decided application drops out of its list) would unmount with its toast: such a form navigates instead,
 * and its answer comes back as the page's flash message.
 */
export function useActionToast<T extends object>(
  fetcher: FetcherWithComponents<TActionAnswer<T> | undefined>,
  { errors = "inline" }: { errors?: "inline" | "toast" } = {},
) {
  const answer = fetcher.data;
  const idle = fetcher.state === "idle";
  useEffect(() => {
    if (answer && idle && (answer.ok || errors === "toast")) showToast(answer.toast);
  }, [answer, idle, errors]);
  const error = answer && !answer.ok ? answer.error : null;
  return {
    answer,
    busy: !idle,
    error,
    /** A refusal that is not about one field. */
    formError: error && !error.field ? error.message : null,
    fieldError: (name: string) => error?.fieldErrors?.[name],
  };
}

/**
 * A fetcher form that empties itself once its answer says it worked (a note added, a message sent, the next driver's
 * start): the fetcher, the ref to put on its form, and what useActionToast gives (refusals inline unless `errors`
 * says "toast").
 */
export function useClearingForm(options?: { errors?: "inline" | "toast" }) {
  const fetcher = useFetcher<TActionAnswer>();
  const toast = useActionToast(fetcher, options);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) ref.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return { fetcher, ref, ...toast };
}
