import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/zavcharge-station";
import { instantToLagosLocal } from "@domain/time/lagos-time";
import { koboToNairaInput } from "@domain/money/money";
import { parseThen, refuse } from "@domain/errors/app-error";
import {
  MAINTENANCE_FORM_FIELDS,
  SLOT_FORM_FIELDS,
  STATION_FORM_FIELDS,
  ZMaintenanceFields,
  ZSlotFields,
  ZStationFields,
} from "@domain/zavcharge/network/station-input";
import { DEFAULT_MAINTENANCE_MINUTES, SLOT_STATUS_LABELS, type TSlotStatus } from "@domain/zavcharge/network/network-rules";
import { parseAddressId } from "@domain/http/outside-text";
import { getStaffStation } from "@server/zavcharge/network/get-staff-station";
import { saveSlot } from "@server/zavcharge/network/save-slot";
import { saveStation } from "@server/zavcharge/network/save-station";
import { scheduleMaintenance } from "@server/zavcharge/network/schedule-maintenance";
import { Field, FormError } from "~/components/ui/field";
import { BackLink, StaffCard } from "~/components/ui/staff-page";
import { buttonClass } from "~/components/ui/styles";
import { fieldErrorsIn } from "~/components/zavcharge/form-errors";
import { SlotFields, SlotStatusField, StationFields } from "~/components/zavcharge/station-fields";
import { StationStatusBadge } from "~/components/zavcharge/station-status-badge";
import { requireRole } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// Staff: one station, its slots and its maintenance window (docs/product/zavcharge.md#stations-and-slots).
// Each form posts its own intent; a refused one comes back with its messages and what was typed.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/stations/:id", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const id = parseAddressId(params.id);
  const found = id === null ? null : await getStaffStation(id);
  if (!found) throw new Response("Not found", { status: 404 });
  const { station } = found;
  return {
    card: found.card,
    slots: found.slots,
    values: {
      name: station.name,
      slug: station.slug,
      address: station.address,
      city: station.city,
      state: station.state,
      latitude: String(station.latitude),
      longitude: String(station.longitude),
      price: koboToNairaInput(station.pricePerKwhKobo),
      features: station.features.join(", "),
      openingHours: station.openingHours,
      status: station.status,
    },
    maintenance: {
      startsAt: station.maintenanceStartsAt ? instantToLagosLocal(station.maintenanceStartsAt) : "",
      minutes: String(station.maintenanceMinutes),
      scheduled: Boolean(station.maintenanceStartsAt),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const id = parseAddressId(params.id);
  if (id === null) throw new Response("Not found", { status: 404 });
  const fields = await readForm(request);
  const result = await (async () => {
    switch (fields.intent) {
      case "station":
        return parseThen(ZStationFields, fields, STATION_FORM_FIELDS, (input) => saveStation(staff, id, input));
      case "slot":
        return parseThen(ZSlotFields, fields, SLOT_FORM_FIELDS, (input) => saveSlot(staff, id, input));
      case "maintenance":
        return parseThen(ZMaintenanceFields, fields, MAINTENANCE_FORM_FIELDS, (input) => scheduleMaintenance(staff, id, input));
      case "maintenance-clear":
        return scheduleMaintenance(staff, id, null);
      default:
        return refuse("invalid_input", "Unknown action");
    }
  })();
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash(`/staff/zavcharge/stations/${id}`, { type: "success", title: "Saved", description: result.message });
}

export default function StaffStation({ loaderData, actionData }: Route.ComponentProps) {
  const { card, slots, values, maintenance } = loaderData;
  const failed = formRefusalIn(actionData);
  const saving = useNavigation().state === "submitting";
  /** The refusal's messages, for the one form that was posted. */
  const errorsOf = (intent: string, slotId = "") =>
    failed && failed.values.intent === intent && (failed.values.slotId ?? "") === slotId ? fieldErrorsIn(failed) : {};
  const formErrorOf = (intent: string, slotId = "") =>
    failed && failed.values.intent === intent && (failed.values.slotId ?? "") === slotId && !failed.error.field
      ? failed.error.message
      : null;
  const valuesOf = <T extends Record<string, string>>(intent: string, own: T, slotId = ""): Record<string, string | undefined> =>
    failed && failed.values.intent === intent && (failed.values.slotId ?? "") === slotId ? failed.values : own;
  const nextNumber = slots.reduce((n, s) => Math.max(n, s.number), 0) + 1;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <BackLink to="/staff/zavcharge/stations">ZavCharge stations</BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{card.name}</h1>
          <StationStatusBadge status={card.status} />
        </div>
        <p className="text-sm text-muted">
          {card.availableSlots} of {card.totalSlots} slots available now.{" "}
          <a href={`/zavcharge/stations/${card.slug}`} className="text-brand underline">
            See its public page
          </a>
        </p>
      </header>

      <StaffCard titleId="details-title" title="Station details">
        <p className="text-sm text-muted">
          Setting a station from maintenance back to online tells the drivers who charged there in the last 30 days.
        </p>
        <Form method="post" noValidate className="space-y-4" aria-label="Station details">
          <input type="hidden" name="intent" value="station" />
          <FormError message={formErrorOf("station")} />
          <StationFields v={valuesOf("station", values)} errors={errorsOf("station")} />
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Save station
          </button>
        </Form>
      </StaffCard>

      <StaffCard titleId="slots-title" title={`Slots (${slots.length})`}>
        {slots.length === 0 ? <p className="text-muted">No slots yet. Add the first one below.</p> : null}
        <ul className="space-y-3" aria-label="Slots">
          {slots.map((slot) => {
            const key = String(slot.id);
            const v = valuesOf(
              "slot",
              { number: String(slot.number), connector: slot.connector, powerKw: String(slot.powerKw), status: slot.status },
              key,
            );
            const errors = errorsOf("slot", key);
            return (
              <li key={slot.id} className="rounded-xl border border-line p-3" data-testid="staff-slot">
                <Form
                  method="post"
                  noValidate
                  aria-label={`Slot ${slot.number}`}
                  className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto] sm:items-end"
                >
                  <input type="hidden" name="intent" value="slot" />
                  <input type="hidden" name="slotId" value={slot.id} />
                  <FormError message={formErrorOf("slot", key)} />
                  <SlotFields v={v} errors={errors} numberLabel="Slot number" />
                  {slot.status === "charging" ? (
                    <div>
                      <p className="mb-1 text-sm font-medium">Status</p>
                      <p className="py-2.5">{SLOT_STATUS_LABELS.charging}</p>
                      <input type="hidden" name="status" value="available" />
                    </div>
                  ) : (
                    <SlotStatusField v={v} errors={errors} />
                  )}
                  <button type="submit" className={buttonClass.outline} disabled={saving} aria-label={`Save slot ${slot.number}`}>
                    Save
                  </button>
                </Form>
                <p className="sr-only">Now: {SLOT_STATUS_LABELS[slot.status as TSlotStatus] ?? slot.status}</p>
              </li>
            );
          })}
        </ul>
        <Form
          method="post"
          noValidate
          aria-label="New slot"
          className="grid gap-3 rounded-xl border border-dashed border-line p-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="slot" />
          <FormError message={formErrorOf("slot")} />
          {(() => {
            const v = valuesOf("slot", { number: String(nextNumber), connector: "Type 2", powerKw: "22", status: "available" });
            const errors = errorsOf("slot");
            return (
              <>
                <SlotFields v={v} errors={errors} numberLabel="New slot number" />
                <SlotStatusField v={v} errors={errors} />
              </>
            );
          })()}
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Add slot
          </button>
        </Form>
      </StaffCard>

      <StaffCard titleId="maintenance-title" title="Maintenance">
        <p className="text-sm" data-testid="staff-maintenance">
          {card.maintenance ?? "No maintenance scheduled."}
        </p>
        <p className="text-sm text-muted">Drivers who charged here in the last 30 days are reminded the day before.</p>
        <Form method="post" noValidate aria-label="Schedule maintenance" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="maintenance" />
          <FormError message={formErrorOf("maintenance")} />
          {(() => {
            const v = valuesOf("maintenance", {
              startsAt: maintenance.startsAt,
              minutes: maintenance.minutes || String(DEFAULT_MAINTENANCE_MINUTES),
            });
            const errors = errorsOf("maintenance");
            return (
              <>
                <Field
                  label="Starts (Lagos time)"
                  name="startsAt"
                  type="datetime-local"
                  defaultValue={v.startsAt}
                  error={errors.startsAt}
                />
                <Field
                  label="Length in minutes"
                  name="minutes"
                  defaultValue={v.minutes}
                  error={errors.minutes}
                  inputMode="numeric"
                  hint="120 is 2 hours"
                />
              </>
            );
          })()}
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Schedule maintenance
          </button>
        </Form>
        {maintenance.scheduled ? (
          <Form method="post" aria-label="Clear maintenance">
            <input type="hidden" name="intent" value="maintenance-clear" />
            <button type="submit" className={buttonClass.outline} disabled={saving}>
              Clear maintenance
            </button>
          </Form>
        ) : null}
      </StaffCard>
    </div>
  );
}
