import {
  CONNECTOR_TYPES,
  SLOT_STATUS_LABELS,
  STAFF_SLOT_STATUSES,
  STATION_FEATURES,
  STATION_STATUS_LABELS,
  STATION_STATUSES,
} from "@domain/zavcharge/network/network-rules";
import { boundField, Field, SelectField } from "~/components/ui/field";

type TValues = Record<string, string | undefined>;

const STATUS_OPTIONS = STATION_STATUSES.map((k) => [k, STATION_STATUS_LABELS[k]] as const);

/** The station form's fields (docs/product/zavcharge.md#stations-and-slots), with what was typed and the errors. */
export function StationFields({ v, errors }: { v: TValues; errors: Record<string, string | undefined> }) {
  const field = boundField(v, errors);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Station name" {...field("name")} required maxLength={100} />
      <Field label="Slug" {...field("slug")} required hint="Its address: /zavcharge/stations/slug" />
      <Field label="Address" {...field("address")} required className="sm:col-span-2" />
      <Field label="City" {...field("city")} required />
      <Field label="State" {...field("state")} required />
      <Field label="Latitude" {...field("latitude")} required inputMode="decimal" hint="e.g. 6.4474" />
      <Field label="Longitude" {...field("longitude")} required inputMode="decimal" hint="e.g. 3.4720" />
      <Field label="Price per kWh (₦)" {...field("price")} required inputMode="decimal" hint="In naira, e.g. 250" />
      <Field label="Opening hours" {...field("openingHours", "24 hours")} required />
      <Field
        label="Features"
        {...field("features")}
        className="sm:col-span-2"
        hint={`Separated by commas, e.g. ${STATION_FEATURES.slice(0, 3).join(", ")}`}
      />
      <SelectField label="Status" {...field("status", "online")} options={STATUS_OPTIONS} />
    </div>
  );
}

const CONNECTOR_OPTIONS = CONNECTOR_TYPES.map((c) => [c, c] as const);
const SLOT_STATUS_OPTIONS = STAFF_SLOT_STATUSES.map((s) => [s, SLOT_STATUS_LABELS[s]] as const);

/** A slot's number, connector and power, in a slot's form or the new slot's, with what was typed and the errors. */
export function SlotFields({ v, errors, numberLabel }: { v: TValues; errors: Record<string, string | undefined>; numberLabel: string }) {
  const field = boundField(v, errors);
  return (
    <>
      <Field label={numberLabel} {...field("number")} inputMode="numeric" />
      <SelectField label="Connector" {...field("connector")} options={CONNECTOR_OPTIONS} />
      <Field label="Power (kW)" {...field("powerKw")} inputMode="numeric" />
    </>
  );
}

/** A slot's status as staff may set it (a charging slot's is the session's, shown instead of this). */
export function SlotStatusField({ v, errors }: { v: TValues; errors: Record<string, string | undefined> }) {
  return <SelectField label="Status" name="status" defaultValue={v.status} error={errors.status} options={SLOT_STATUS_OPTIONS} />;
}
