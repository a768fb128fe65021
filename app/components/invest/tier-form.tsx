import { Form, Link, useNavigation } from "react-router";
import { DISTRIBUTION_FREQUENCIES, DISTRIBUTION_FREQUENCY_LABEL } from "@domain/investments/investment-rules";
import { koboToNairaInput } from "@domain/money/money";
import type { TTierAdminView } from "~/components/invest/tiers-admin";
import { boundField, ErrorText, Field, FormError, SelectField, TextareaField, WholeNumberField } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import type { TFormRefusal } from "~/lib/action-answer";

// The investments admin's tier form (docs/product/investments.md#tiers): a full-page form, so a refusal renders
// the page again with what was typed.

/** What the tier form shows for a saved tier: naira as typed, the return in %. */
function tierValues(t: TTierAdminView): Record<string, string> {
  return {
    name: t.name,
    summary: t.summary,
    min: koboToNairaInput(t.minKobo),
    max: t.maxKobo === null ? "" : koboToNairaInput(t.maxKobo),
    raiseCap: t.raiseCapKobo === null ? "" : koboToNairaInput(t.raiseCapKobo),
    expectedReturn: String(t.expectedReturnBasisPoints / 100),
    tenorMonths: String(t.tenorMonths),
    distributionFrequency: t.distributionFrequency,
    lockupMonths: String(t.lockupMonths),
    earlyRedemption: t.earlyRedemption ? "on" : "",
    status: t.status,
  };
}

const NEW_TIER: Record<string, string> = {
  name: "",
  summary: "",
  min: "",
  max: "",
  raiseCap: "",
  expectedReturn: "",
  tenorMonths: "12",
  distributionFrequency: "quarterly",
  lockupMonths: "0",
  earlyRedemption: "",
  status: "open",
};

const STATUS_OPTIONS = [
  ["open", "Open: takes new investments"],
  ["closed", "Closed: takes none"],
] as const;
const FREQUENCY_OPTIONS = DISTRIBUTION_FREQUENCIES.map((f) => [f, DISTRIBUTION_FREQUENCY_LABEL[f]] as const);

/** The one tier form: a new tier, or the tier chosen with Edit; after a refusal, what was typed with the messages. */
export function TierForm({ editing, failed }: { editing: TTierAdminView | null; failed: TFormRefusal | null }) {
  const busy = useNavigation().state === "submitting";
  const refused = failed && failed.values.intent === "save-tier" ? failed : null;
  const errors = refused?.error.fieldErrors ?? {};
  const formError = refused && !refused.error.fieldErrors ? refused.error.message : (errors.form ?? null);
  const values: Record<string, string> = refused?.values ?? (editing ? tierValues(editing) : NEW_TIER);
  const field = boundField(values, errors);
  const tierId = refused ? refused.values.tierId : editing ? String(editing.id) : undefined;
  const editingName = tierId ? (editing?.name ?? values.name) : null;
  return (
    <section className={cardClass} aria-labelledby="tier-form-title">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="tier-form-title" className="text-xl font-semibold">
          {editingName ? `Edit ${editingName}` : "New tier"}
        </h2>
        {tierId ? (
          <Link to="/admin/investments#tier-form-title" className="text-sm text-brand underline">
            Add a new tier instead
          </Link>
        ) : null}
      </div>
      <Form method="post" className="mt-4 space-y-4" aria-label={editingName ? `Edit ${editingName}` : "New tier"}>
        <input type="hidden" name="intent" value="save-tier" />
        {tierId ? <input type="hidden" name="tierId" value={tierId} /> : null}
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" {...field("name")} required maxLength={60} />
          <SelectField label="Status" {...field("status")} options={STATUS_OPTIONS} />
        </div>
        <TextareaField
          label="Summary"
          {...field("summary")}
          rows={3}
          required
          maxLength={400}
          hint="What the tier funds, in 20 to 400 characters"
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Smallest amount (₦)" {...field("min")} inputMode="decimal" required />
          <Field label="Largest amount (₦)" {...field("max")} inputMode="decimal" hint="Empty: no limit" />
          <Field label="Total to raise (₦)" {...field("raiseCap")} inputMode="decimal" hint="Empty: no cap" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field
            label="Projected return a year (%)"
            {...field("expectedReturn")}
            inputMode="decimal"
            required
            hint="Shown only as a projection"
          />
          <WholeNumberField label="Tenor (months)" {...field("tenorMonths")} min={1} max={120} required />
          <SelectField label="Distributes" {...field("distributionFrequency")} options={FREQUENCY_OPTIONS} />
          <WholeNumberField label="Lock-up (months)" {...field("lockupMonths")} min={0} max={120} required hint="At most the tenor" />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="earlyRedemption"
            defaultChecked={values.earlyRedemption === "on"}
            className="mt-1 h-4 w-4 accent-[var(--brand)]"
          />
          <span>Allow early redemption after the lock-up</span>
        </label>
        <ErrorText message={errors.earlyRedemption} />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {tierId ? "Save tier" : "Add tier"}
        </button>
      </Form>
    </section>
  );
}
