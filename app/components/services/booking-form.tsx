import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Field, FormError, SelectField, TextareaField } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { HONEYPOT, NIGERIAN_STATES, NOTES_MAX, SERVICE_TYPES } from "@domain/appointments/appointments";
import type { TFormRefusal } from "~/lib/action-answer";

/** What the booking action answers: the reference, or the refusal with what was typed (app/http/action-response.server.ts). */
export type TBookingResult = { ok: true; reference: string } | TFormRefusal;

type TProps = {
  prefill: { name: string; email: string };
  bounds: { min: string; max: string };
  /** What the action returned to a visitor without JavaScript (the page re-rendered with it). */
  documentResult?: TBookingResult;
  onBookAnother: () => void;
};

/**
 * The consultation and installation booking form. With JavaScript it posts through a fetcher and shows the
 * errors or the reference in place; without, it is a plain POST that re-renders with errors or redirects.
 */
export function BookingForm({ prefill, bounds, documentResult, onBookAnother }: TProps) {
  const fetcher = useFetcher<TBookingResult>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const result = fetcher.data ?? documentResult;
  const busy = fetcher.state !== "idle";
  const errors: Record<string, string> = result && !result.ok ? (result.error.fieldErrors ?? {}) : {};
  const values: Record<string, string> = result && !result.ok ? result.values : {};
  const formError = result && !result.ok && !result.error.field ? result.error.message : null;
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  // Move focus to what changed: the first field to fix, or the confirmation.
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) doneRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [fetcher.data]);

  if (result?.ok) {
    return (
      <div data-testid="booking-success">
        <CircleCheck className="h-10 w-10 text-brand" aria-hidden />
        <h3 ref={doneRef} tabIndex={-1} className="mt-3 text-2xl font-bold focus:outline-none">
          Booking received
        </h3>
        <p className="mt-2">
          Your reference is{" "}
          <strong className="whitespace-nowrap font-mono text-lg" data-testid="booking-reference">
            {result.reference}
          </strong>
          . We have e-mailed you the details.
        </p>
        <p className="mt-2 text-muted">
          We will call or e-mail you within 24 hours to confirm the date and assign a technician. Need to change it later? Give us at least
          24 hours' notice.
        </p>
        <button type="button" className={`${buttonClass.outline} mt-5`} onClick={onBookAnother}>
          Book another visit
        </button>
      </div>
    );
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/services"
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      aria-describedby="booking-promise"
    >
      <input type="hidden" name="_js" value={hydrated ? "1" : "0"} />
      {/* Honeypot: off-screen and out of the tab order; a person never fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="booking-website">Leave this field empty</label>
        <input id="booking-website" type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {formError ? (
        <div className="sm:col-span-2">
          <FormError message={formError} />
        </div>
      ) : null}
      <Field label="Full name" name="name" autoComplete="name" required defaultValue={values.name ?? prefill.name} error={errors.name} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values.email ?? prefill.email}
        error={errors.email}
      />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        placeholder="0803 123 4567"
        defaultValue={values.phone}
        error={errors.phone}
        hint="A Nigerian mobile number: we call to confirm."
      />
      <SelectField
        label="Service"
        name="serviceType"
        required
        defaultValue={values.serviceType ?? "consultation"}
        error={errors.serviceType}
      >
        {Object.entries(SERVICE_TYPES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Field
        label="Preferred date"
        name="preferredDate"
        type="date"
        required
        min={bounds.min}
        max={bounds.max}
        defaultValue={values.preferredDate}
        error={errors.preferredDate}
        hint="From tomorrow, up to 6 months ahead."
      />
      <SelectField label="State" name="state" required autoComplete="address-level1" defaultValue={values.state ?? ""} error={errors.state}>
        <option value="">Choose your state</option>
        {NIGERIAN_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <Field
        className="sm:col-span-2"
        label="Address or area for the visit"
        name="location"
        autoComplete="street-address"
        required
        placeholder="e.g. 12 Awolowo Avenue, Bodija, Ibadan"
        defaultValue={values.location}
        error={errors.location}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="Notes (optional)"
          name="notes"
          rows={4}
          maxLength={NOTES_MAX}
          defaultValue={values.notes}
          error={errors.notes}
          hint="What you need powered or fitted, roof type, best time to call."
        />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={busy}>
          {busy ? "Booking..." : "Book my visit"}
        </button>
        <p id="booking-promise" className="text-sm text-muted">
          We reply within 24 hours. Rescheduling needs 24 hours' notice.
        </p>
      </div>
    </fetcher.Form>
  );
}
