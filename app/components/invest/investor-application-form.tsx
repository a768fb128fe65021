import { useRef } from "react";
import { ID_TYPE_LABEL, ID_TYPES, INCOME_BAND_LABEL, INCOME_BANDS } from "@domain/investments/investment-rules";
import { RISK_ACCEPTANCE_LABEL, RISK_STATEMENT } from "@domain/investments/disclosures";
import { ApplicationForm, FormCard, type TApplicationFormProps } from "~/components/forms/application-form";
import { NIGERIAN_MOBILE_HINT, PhoneField, StateSelectField } from "~/components/forms/nigerian-fields";
import { CheckedPayoutAccount } from "~/components/payments/checked-payout-account";
import { boundField, ErrorText, Field, SelectField } from "~/components/ui/field";
import { cardClass } from "~/components/ui/styles";

const ID_TYPE_OPTIONS = ID_TYPES.map((t) => [t, ID_TYPE_LABEL[t]] as const);
const INCOME_BAND_OPTIONS = INCOME_BANDS.map((b) => [b, INCOME_BAND_LABEL[b]] as const);

/**
 * The application to invest (docs/product/investments.md#applications): identity, ID document, bank account, income
 * band and the risk statement. A plain multipart form; the server checks the document by content and the account with
 * the bank.
 */
export function InvestorApplicationForm({ values, errors, formError, submitLabel }: TApplicationFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const field = boundField(values, errors);
  return (
    <ApplicationForm
      label="Application to invest"
      formRef={formRef}
      encType="multipart/form-data"
      formError={formError}
      submitLabel={submitLabel}
    >
      <FormCard legend="About you">
        <Field
          className="sm:col-span-2"
          label="Full legal name"
          {...field("legalName")}
          autoComplete="name"
          hint="Exactly as on your ID"
          required
          maxLength={100}
        />
        <Field label="Date of birth" {...field("dateOfBirth")} type="date" autoComplete="bday" required />
        <PhoneField {...field("phone")} hint={NIGERIAN_MOBILE_HINT} required />
        <Field
          className="sm:col-span-2"
          label="Home address"
          {...field("address")}
          autoComplete="street-address"
          required
          maxLength={200}
        />
        <StateSelectField {...field("state", "")} required />
        <Field label="Local government area" {...field("lga")} required maxLength={60} />
      </FormCard>

      <FormCard legend="Your ID">
        <SelectField label="ID type" {...field("idType", "")} placeholder="Choose an ID" options={ID_TYPE_OPTIONS} required />
        <Field label="ID number" {...field("idNumber")} autoComplete="off" required maxLength={24} />
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
      </FormCard>

      <FormCard
        legend="Bank account and income"
        intro="Distributions and your principal are paid to this account. It must be in your name: we check the name with your bank."
      >
        <CheckedPayoutAccount formRef={formRef} values={values} errors={errors} />
        <SelectField
          className="sm:col-span-2"
          label="Yearly income"
          {...field("incomeBand", "")}
          placeholder="Choose a range"
          options={INCOME_BAND_OPTIONS}
          hint="The SEC limits what you may invest in a year to 10% of your income."
          required
        />
      </FormCard>

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
        <ErrorText id="risk-error" message={errors.riskAccepted} />
      </fieldset>
    </ApplicationForm>
  );
}
