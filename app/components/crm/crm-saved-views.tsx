import { X } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, useClearingForm, type TActionAnswer } from "~/lib/action-answer";

// A staff member's saved views of the CRM list (docs/product/crm.md#the-list): the list's filters under a name, opened
// as a link, saved (intent "save-view") and deleted (intent "delete-view") through the list's action.

export function SavedViews({ views, current }: { views: { id: number; name: string; query: string }[]; current: string }) {
  const fetcher = useFetcher<TActionAnswer>();
  useActionToast(fetcher, { errors: "toast" });
  if (views.length === 0) return null;
  return (
    <nav aria-label="Saved views" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium">Saved views:</span>
      {views.map((v) => (
        <span key={v.id} className="inline-flex items-center rounded-full border border-line bg-surface text-sm">
          <Link
            to={v.query ? `?${v.query}` : "?"}
            className={`rounded-l-full px-3 py-1.5 ${v.query === current ? "font-semibold text-brand" : ""}`}
            aria-current={v.query === current ? "page" : undefined}
          >
            {v.name}
          </Link>
          <fetcher.Form method="post">
            <JsFlag />
            <input type="hidden" name="intent" value="delete-view" />
            <input type="hidden" name="viewId" value={v.id} />
            <button type="submit" className="flex min-h-8 min-w-8 items-center justify-center rounded-r-full text-muted hover:text-danger">
              <X className="h-4 w-4" aria-hidden />
              <span className="sr-only">Delete the view {v.name}</span>
            </button>
          </fetcher.Form>
        </span>
      ))}
    </nav>
  );
}

export function SaveView({ query }: { query: string }) {
  const { fetcher, ref: form, busy, fieldError } = useClearingForm();
  return (
    <fetcher.Form method="post" ref={form} className="flex flex-wrap items-end gap-2" aria-label="Save these filters as a view">
      <JsFlag />
      <input type="hidden" name="intent" value="save-view" />
      <input type="hidden" name="query" value={query} />
      <Field
        label="Save these filters as"
        name="name"
        maxLength={60}
        required
        placeholder="e.g. Lagos solar leads"
        error={fieldError("name")}
      />
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        Save view
      </button>
    </fetcher.Form>
  );
}
