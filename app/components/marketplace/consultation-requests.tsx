import { useFetcher } from "react-router";
import { TextareaField } from "~/components/ui/field";
import { DecisionButtons } from "~/components/ui/action-form";
import { JsFlag } from "~/components/ui/js-flag";
import { cardClass } from "~/components/ui/styles";
import { CONSULTATION_STATUS_LABEL, type TConsultationRequestView } from "@domain/marketplace/consultations";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// Consultation requests on an architect's dashboard (docs/product/marketplace.md#consultations).

/** One request; the fetcher lives here, not in the form, so its toast shows after the answered form goes away. */
function RequestCard({ request: r }: { request: TConsultationRequestView }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  return (
    <li className={cardClass}>
      <p className="font-semibold">
        {r.buyer?.name} · {r.city}, {r.state} · budget {formatKobo(r.budgetKobo)}
      </p>
      <p className="text-sm text-muted">
        {r.buyer?.email} · {formatLagosDateTime(r.createdAt)} · {CONSULTATION_STATUS_LABEL[r.status]}
      </p>
      <p className="mt-2 whitespace-pre-line">{r.brief}</p>
      {r.reply ? <p className="mt-2 text-sm">Your answer: {r.reply}</p> : null}
      {r.status === "pending" ? (
        <fetcher.Form method="post" className="mt-3 space-y-2" noValidate>
          <JsFlag />
          <input type="hidden" name="requestId" value={r.id} />
          <TextareaField
            label={`Your answer to ${r.buyer?.name ?? "the buyer"}`}
            name="reply"
            rows={3}
            maxLength={1000}
            hint="Accepting: how and when you will get in touch. Declining: why. The buyer receives it by e-mail."
            error={fieldError("reply") ?? formError ?? undefined}
          />
          <DecisionButtons
            busy={busy}
            choices={[
              ["accept", "Accept", "primary"],
              ["decline", "Decline", "outline"],
            ]}
          />
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export function ConsultationRequests({ requests }: { requests: TConsultationRequestView[] }) {
  const waiting = requests.filter((r) => r.status === "pending").length;
  return (
    <section aria-labelledby="consultations" className="space-y-3">
      <h2 id="consultations" className="text-xl font-bold">
        Consultation requests{waiting ? ` (${waiting} waiting)` : ""}
      </h2>
      {requests.length === 0 ? (
        <p className={`${cardClass} text-muted`}>No requests yet. Buyers ask for a consultation from your store page.</p>
      ) : (
        <ul className="space-y-3" data-testid="consultation-requests">
          {requests.map((r) => (
            <RequestCard key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
