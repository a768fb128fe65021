import { useFetcher } from "react-router";
import { FormError, TextareaField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

/**
 * Approve, reject with a reason, or ask for more: the decision on an application (to sell, to invest), posted to the
 * page's action with `decision` and `note` (and `applicationId` when the page lists several).
 */
export function ApplicationDecision({
  status,
  applicationId,
  label = "Decide",
}: {
  status: string;
  applicationId?: string;
  label?: string;
}) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher, { when: "answered" });
  return (
    <section className={cardClass} aria-label={label}>
      <h2 className="mb-3 text-lg font-bold">{label}</h2>
      <fetcher.Form method="post" className="space-y-3" noValidate>
        <JsFlag />
        {applicationId ? <input type="hidden" name="applicationId" value={applicationId} /> : null}
        <FormError message={formError} />
        <TextareaField
          label="Note to the applicant"
          name="note"
          rows={3}
          maxLength={1000}
          hint="Needed to reject (the reason) or to ask for more (what you need). The applicant receives it by e-mail."
          error={fieldError("note")}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="decision" value="approve" className={buttonClass.primary} disabled={busy}>
            Approve
          </button>
          {status === "pending" ? (
            <button type="submit" name="decision" value="ask_info" className={buttonClass.outline} disabled={busy}>
              Ask for more information
            </button>
          ) : null}
          <button type="submit" name="decision" value="reject" className={buttonClass.danger} disabled={busy}>
            Reject
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
