import { useFetcher } from "react-router";
import { PIN_LENGTH, pinDigits } from "@domain/zavcharge/accounts/account-rules";
import { METER_KWH_PATTERN, whToKwhText } from "@domain/zavcharge/sessions/session-rules";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { useActionToast, useClearingForm, type TActionAnswer } from "~/lib/action-answer";
import { StaffSection } from "~/components/ui/staff-page";

// The attendant's start and stop forms (docs/product/zavcharge.md), posted to /staff/zavcharge/sessions with the
// intents "start" and "stop".

/** A station and its slots as the start form offers them (the use case checks every rule again). */
export type TAttendantStation = {
  id: number;
  name: string;
  status: string;
  slots: { id: number; number: number; connector: string; powerKw: number; status: string }[];
};

/** A running session as its stop form needs it. */
export type TSessionToStop = { id: number; accountCode: string; meterStartWh: number };

export function StartForm({ stations }: { stations: TAttendantStation[] }) {
  // After a start the form is ready for the next driver.
  const { fetcher, ref: form, busy, formError, fieldError } = useClearingForm();
  const free = stations.flatMap((s) => (s.status === "online" ? s.slots.filter((slot) => slot.status === "available") : []));
  return (
    <StaffSection titleId="start-title" title="Start a session" className={cardClass}>
      <p className="mt-1 text-sm text-muted">Hand the screen to the driver to type their subscription ID and PIN, then choose the slot.</p>
      <fetcher.Form ref={form} method="post" action="/staff/zavcharge/sessions" className="mt-4 space-y-4" noValidate>
        <JsFlag />
        <input type="hidden" name="intent" value="start" />
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Subscription ID"
            name="subscriptionId"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ZAV12345678ABCD"
            error={fieldError("subscriptionId")}
          />
          <Field
            label="PIN"
            name="pin"
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={PIN_LENGTH}
            autoComplete="off"
            hint="6 digits"
            onInput={(e) => {
              const input = e.currentTarget;
              input.value = pinDigits(input.value);
            }}
            error={fieldError("pin")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <SelectField id="start-slot" label="Station and slot" name="slot" defaultValue="" error={fieldError("slot")}>
            <option value="" disabled>
              {free.length ? "Choose a free slot" : "No slot is free right now"}
            </option>
            {stations.map((s) => (
              <optgroup key={s.id} label={s.status === "online" ? s.name : `${s.name} (${s.status})`}>
                {s.slots.map((slot) => (
                  <option key={slot.id} value={`${s.id}:${slot.id}`} disabled={s.status !== "online" || slot.status !== "available"}>
                    Slot {slot.number}: {slot.connector} {slot.powerKw} kW
                    {slot.status === "available" ? "" : slot.status === "charging" ? " (in use)" : " (out of order)"}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          <Field
            label="Meter at start (kWh)"
            name="meterStart"
            inputMode="decimal"
            pattern={METER_KWH_PATTERN}
            placeholder="0"
            hint="Leave empty for 0"
            error={fieldError("meterStart")}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Starting…" : "Start charging"}
        </button>
      </fetcher.Form>
    </StaffSection>
  );
}

export function StopForm({ session }: { session: TSessionToStop }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { answer, busy, formError, fieldError } = useActionToast(fetcher);
  if (answer?.ok)
    return (
      <p role="status" className="mt-3 border-t border-line pt-3 font-semibold text-brand" data-testid="stopped-result">
        {answer.toast.title}. {answer.toast.description}
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      action="/staff/zavcharge/sessions"
      className="mt-3 flex flex-wrap items-end gap-3"
      noValidate
      aria-label={`Stop the session of ${session.accountCode}`}
    >
      <JsFlag />
      <input type="hidden" name="intent" value="stop" />
      <input type="hidden" name="sessionId" value={session.id} />
      <FormError message={formError} />
      <Field
        className="w-48"
        label="Meter reading (kWh)"
        name="meterReading"
        inputMode="decimal"
        pattern={METER_KWH_PATTERN}
        required
        hint={`At start: ${whToKwhText(session.meterStartWh)} kWh`}
        error={fieldError("meterReading")}
      />
      <button type="submit" className={buttonClass.danger} disabled={busy}>
        {busy ? "Stopping…" : "Stop"}
      </button>
    </fetcher.Form>
  );
}
