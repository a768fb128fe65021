import { Form, Link, useNavigation } from "react-router";
import { StateSelectField } from "~/components/forms/nigerian-fields";
import { boundField, Field, FormError, TextareaField } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { CONSULTATION_STATUS_LABEL, type TConsultationRequestView } from "@domain/marketplace/consultations";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import type { TFormRefusal } from "~/lib/action-answer";

// A buyer asks an architect's studio for a consultation (docs/product/marketplace.md#consultations), on its store page.
// A plain form: it works without JavaScript.

export type TConsultationPanel =
  { who: "visitor"; signInHref: string } | { who: "owner" } | { who: "buyer"; mine: TConsultationRequestView[] };

export function ConsultationPanel({ studio, panel, refused }: { studio: string; panel: TConsultationPanel; refused: TFormRefusal | null }) {
  const busy = useNavigation().state === "submitting";
  if (panel.who === "owner") return null;
  const field = boundField(refused?.values ?? {}, refused?.error.fieldErrors ?? {});
  return (
    <section aria-labelledby="consultation" className={`${cardClass} space-y-4`}>
      <div>
        <h2 id="consultation" className="text-xl font-bold">
          Ask {studio} for a consultation
        </h2>
        <p className="mt-1 text-sm text-muted">Describe your project: the studio answers by e-mail, usually within 2 working days.</p>
      </div>
      {panel.who === "visitor" ? (
        <Link to={panel.signInHref} className={buttonClass.primary}>
          Sign in to ask
        </Link>
      ) : (
        <>
          {panel.mine.length ? (
            <ul className="space-y-2 text-sm" data-testid="my-consultations">
              {panel.mine.map((r) => (
                <li key={r.id} className="rounded-lg border border-line p-3">
                  <p className="font-semibold">
                    {formatLagosDate(r.createdAt)} · {r.city}, {r.state} · {formatKobo(r.budgetKobo)}: {CONSULTATION_STATUS_LABEL[r.status]}
                  </p>
                  {r.reply ? <p className="mt-1">{r.reply}</p> : null}
                </li>
              ))}
            </ul>
          ) : null}
          <Form method="post" className="space-y-4" noValidate>
            <FormError message={refused && !refused.error.field ? refused.error.message : null} />
            <TextareaField
              label="Your project"
              {...field("brief")}
              rows={4}
              maxLength={2000}
              hint="What you want designed, the plot or rooms, and when you hope to start."
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Budget (₦)" {...field("budget")} inputMode="decimal" hint="e.g. 2,500,000" />
              <StateSelectField {...field("state", "")} placeholder="Choose" />
              <Field label="Town or city" {...field("city")} maxLength={80} />
            </div>
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Send my request
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
