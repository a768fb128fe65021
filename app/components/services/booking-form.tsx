import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Honeypot } from "~/components/forms/honeypot";
import { PhoneField, StateSelectField } from "~/components/forms/nigerian-fields";
import { boundField, Field, FormError, SelectField, TextareaField } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { NOTES_MAX, SERVICE_TYPES } from "@domain/appointments/appointments";
import type { TFormRefusal } from "~/lib/action-answer";

/** What the booking action answers: the reference, or the refusal with what was typed (app/http/action-response.server.ts). */
export type TBookingResult = { ok: true; reference: string } | TFormRefusal;

const SERVICE_OPTIONS = Object.entries(SERVICE_TYPES);

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
  const field = boundField(values, errors);
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
      <Honeypot />
      {formError ? (
        <div className="sm:col-span-2">
          <FormError message={formError} />
        </div>
      ) : null}
      <Field label="Full name" {...field("name", prefill.name)} autoComplete="name" required />
      <Field label="Email" {...field("email", prefill.email)} type="email" autoComplete="email" required />
      <PhoneField {...field("phone")} required placeholder="0803 123 4567" hint="A Nigerian mobile number: we call to confirm." />
      <SelectField label="Service" {...field("serviceType", "consultation")} required options={SERVICE_OPTIONS} />
      <Field
        label="Preferred date"
        {...field("preferredDate")}
        type="date"
        required
        min={bounds.min}
        max={bounds.max}
        hint="From tomorrow, up to 6 months ahead."
      />
      <StateSelectField {...field("state", "")} required autoComplete="address-level1" placeholder="Choose your state" />
      <Field
        className="sm:col-span-2"
        label="Address or area for the visit"
        {...field("location")}
        autoComplete="street-address"
        required
        placeholder="e.g. 12 Awolowo Avenue, Bodija, Ibadan"
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="Notes (optional)"
          {...field("notes")}
          rows={4}
          maxLength={NOTES_MAX}
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
