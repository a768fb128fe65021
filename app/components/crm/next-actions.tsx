import { useFetcher } from "react-router";
import { formatCalendarDate, formatLagosDate } from "@domain/time/lagos-time";
import { Panel } from "~/components/crm/record-panel";
import { Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, useClearingForm, type TActionAnswer } from "~/lib/action-answer";

// A record's next actions: what is planned (overdue ones in red), a form to plan one, and what was done lately.

export type TRecordActions = {
  nextActions: { id: number; title: string; dueOn: string }[];
  doneActions: { id: number; title: string; doneAt: string | null }[];
};

export function NextActions({ contact, today }: { contact: TRecordActions; today: string }) {
  const add = useClearingForm();
  const done = useFetcher<TActionAnswer>();
  useActionToast(done, { errors: "toast" });
  return (
    <Panel title="Next actions">
      {contact.nextActions.length === 0 ? (
        <p className="text-sm text-muted">Nothing planned.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="next-actions">
          {contact.nextActions.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {a.title}
                <span className={`ml-2 text-sm ${a.dueOn < today ? "font-semibold text-danger" : "text-muted"}`}>
                  {a.dueOn < today ? "overdue since" : "due"} {formatCalendarDate(a.dueOn)}
                </span>
              </span>
              <done.Form method="post">
                <JsFlag />
                <input type="hidden" name="intent" value="next-action-done" />
                <input type="hidden" name="actionId" value={a.id} />
                <button type="submit" className={buttonClass.outline}>
                  Done<span className="sr-only">: {a.title}</span>
                </button>
              </done.Form>
            </li>
          ))}
        </ul>
      )}
      <add.fetcher.Form method="post" ref={add.ref} className="grid gap-2 sm:grid-cols-[1fr_11rem_auto] sm:items-end">
        <JsFlag />
        <input type="hidden" name="intent" value="next-action" />
        <Field label="What needs doing" name="title" required maxLength={200} error={add.fieldError("title")} />
        <Field label="Due" name="dueOn" type="date" required min={today} defaultValue={today} error={add.fieldError("dueOn")} />
        <button type="submit" className={buttonClass.outline} disabled={add.busy}>
          Add
        </button>
      </add.fetcher.Form>
      {contact.doneActions.length ? (
        <details className="text-sm text-muted">
          <summary className="cursor-pointer">Recently done</summary>
          <ul className="mt-1 list-disc pl-5">
            {contact.doneActions.map((a) => (
              <li key={a.id}>
                {a.title} ({a.doneAt ? formatLagosDate(a.doneAt) : ""})
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Panel>
  );
}
