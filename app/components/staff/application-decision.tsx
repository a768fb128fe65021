import { Form, useFetcher, useNavigation } from "react-router";
import { FormError, TextareaField } from "~/components/ui/field";
import { DecisionButtons } from "~/components/ui/action-form";
import { JsFlag } from "~/components/ui/js-flag";
import { cardClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

const NOTE_HINT = "Needed to reject (the reason) or to ask for more (what you need). The applicant receives it by e-mail.";

function DecisionFields({ status, busy, noteError }: { status: string; busy: boolean; noteError?: string }) {
  return (
    <>
      <TextareaField label="Note to the applicant" name="note" rows={3} maxLength={1000} hint={NOTE_HINT} error={noteError} />
      <DecisionButtons
        busy={busy}
        choices={[
          ["approve", "Approve", "primary"],
          ...(status === "pending" ? ([["ask_info", "Ask for more information", "outline"]] as const) : []),
          ["reject", "Reject", "danger"],
        ]}
        className="flex flex-wrap gap-3"
      />
    </>
  );
}

/**
 * Approve, reject with a reason, or ask for more: the decision on an application (to sell, to invest), posted to the
 * page's action with `decision` and `note`. On an application's own page the answer comes back to the form (inline
 * errors, a toast). In a list the decided application leaves the list, so there the form navigates (`applicationId`
 * names it) and the answer comes back as the page's flash message, which nothing unmounts.
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
  return (
    <section className={cardClass} aria-label={label}>
      <h2 className="mb-3 text-lg font-bold">{label}</h2>
      {applicationId ? <DecisionInList status={status} applicationId={applicationId} /> : <DecisionInPlace status={status} />}
    </section>
  );
}

function DecisionInPlace({ status }: { status: string }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="space-y-3" noValidate>
      <JsFlag />
      <FormError message={formError} />
      <DecisionFields status={status} busy={busy} noteError={fieldError("note")} />
    </fetcher.Form>
  );
}

function DecisionInList({ status, applicationId }: { status: string; applicationId: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("applicationId") === applicationId;
  return (
    <Form method="post" className="space-y-3" noValidate preventScrollReset>
      <input type="hidden" name="applicationId" value={applicationId} />
      <DecisionFields status={status} busy={busy} />
    </Form>
  );
}
