import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ID_TYPE_LABEL, ID_TYPES, INCOME_BAND_LABEL, INCOME_BANDS } from "@domain/investments/investment-rules";
import { RISK_ACCEPTANCE_LABEL, RISK_STATEMENT } from "@domain/investments/disclosures";
import { NIGERIAN_STATES } from "@domain/nigeria/states";
import { CheckedPayoutAccount } from "~/components/payments/checked-payout-account";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";

type TValues = Record<string, string>;

/**
 * The application to invest (docs/product/investments.md#applications): identity, ID document, bank account, income
 * band and the risk statement. A plain multipart form; the server checks the document by content and the account with
 * the bank.
 */
export function InvestorApplicationForm({
  values,
  errors,
  formError,
  submitLabel,
}: {
  values: TValues;
  errors: TValues;
  formError?: string | null;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Form method="post" ref={formRef} encType="multipart/form-data" className="space-y-6" noValidate aria-label="Application to invest">
      <FormError message={formError} />
      <fieldset className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
        <legend className="sr-only">About you</legend>
        <h2 className="text-lg font-bold sm:col-span-2">About you</h2>
        <Field
          className="sm:col-span-2"
          label="Full legal name"
          name="legalName"
          autoComplete="name"
          defaultValue={values.legalName}
          hint="Exactly as on your ID"
          required
          maxLength={100}
          error={errors.legalName}
        />
        <Field
          label="Date of birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          defaultValue={values.dateOfBirth}
          required
          error={errors.dateOfBirth}
        />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={values.phone}
          hint="A Nigerian mobile number, e.g. 0803 123 4567"
          required
          error={errors.phone}
        />
        <Field
          className="sm:col-span-2"
          label="Home address"
          name="address"
          autoComplete="street-address"
          defaultValue={values.address}
          required
          maxLength={200}
          error={errors.address}
        />
        <SelectField
          label="State"
          name="state"
          defaultValue={values.state ?? ""}
          placeholder="Choose a state"
          options={NIGERIAN_STATES.map((s) => [s, s] as const)}
          required
          error={errors.state}
        />
        <Field label="Local government area" name="lga" defaultValue={values.lga} required maxLength={60} error={errors.lga} />
      </fieldset>

      <fieldset className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
        <legend className="sr-only">Your ID</legend>
        <h2 className="text-lg font-bold sm:col-span-2">Your ID</h2>
        <SelectField
          label="ID type"
          name="idType"
          defaultValue={values.idType ?? ""}
          placeholder="Choose an ID"
          options={ID_TYPES.map((t) => [t, ID_TYPE_LABEL[t]] as const)}
          required
          error={errors.idType}
        />
        <Field
          label="ID number"
          name="idNumber"
          autoComplete="off"
          defaultValue={values.idNumber}
          required
          maxLength={24}
          error={errors.idNumber}
        />
        <Field
          className="sm:col-span-2"
          label="Photo or scan of the ID"
          name="idDocument"
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          hint="JPEG, PNG, WebP or PDF, up to 5 MB. Only our compliance staff see it."
          required
          error={errors.idDocument}
        />
      </fieldset>

      <fieldset className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
        <legend className="sr-only">Bank account and income</legend>
        <div className="sm:col-span-2">
          <h2 className="text-lg font-bold">Bank account and income</h2>
          <p className="text-sm text-muted">
            Distributions and your principal are paid to this account. It must be in your name: we check the name with your bank.
          </p>
        </div>
        <CheckedPayoutAccount formRef={formRef} values={values} errors={errors} />
        <SelectField
          className="sm:col-span-2"
          label="Yearly income"
          name="incomeBand"
          defaultValue={values.incomeBand ?? ""}
          placeholder="Choose a range"
          options={INCOME_BANDS.map((b) => [b, INCOME_BAND_LABEL[b]] as const)}
          hint="The SEC limits what you may invest in a year to 10% of your income."
          required
          error={errors.incomeBand}
        />
      </fieldset>

      <fieldset className={`${cardClass} space-y-3`}>
        <legend className="sr-only">Risk statement</legend>
        <h2 className="text-lg font-bold">Risk statement</h2>
        <div className="space-y-2 rounded-lg border border-line p-3 text-sm">
          {RISK_STATEMENT.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="riskAccepted"
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
            defaultChecked={values.riskAccepted === "on"}
            aria-invalid={errors.riskAccepted ? true : undefined}
            aria-describedby={errors.riskAccepted ? "risk-error" : undefined}
          />
          <span>{RISK_ACCEPTANCE_LABEL}</span>
        </label>
        {errors.riskAccepted ? (
          <p id="risk-error" className="text-sm text-danger" role="alert">
            {errors.riskAccepted}
          </p>
        ) : null}
      </fieldset>

      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? "Sending..." : submitLabel}
      </button>
    </Form>
  );
}
