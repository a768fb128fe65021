import { useRef, useState } from "react";
import { SELLER_CATEGORIES, SELLER_KIND_LABEL, SELLER_KINDS } from "@domain/marketplace/marketplace";
import { ApplicationForm, FormCard, type TApplicationFormProps } from "~/components/forms/application-form";
import { NIGERIAN_MOBILE_HINT, PhoneField, StateSelectField } from "~/components/forms/nigerian-fields";
import { CheckedPayoutAccount } from "~/components/payments/checked-payout-account";
import { boundField, ErrorText, Field, SelectField, TextareaField } from "~/components/ui/field";
import { RadioCard } from "~/components/ui/radio-card";

const KIND_DETAIL = {
  seller: "Furniture, lighting, solar gear and other goods you make or stock, shipped to buyers.",
  architect: "Floor plans and furniture designs, sold as downloads, and consultations with buyers.",
} as const;

const CATEGORY_OPTIONS = SELLER_CATEGORIES.map((c) => [c, c] as const);

/**
 * The application to sell (docs/product/marketplace.md#applications). Works as a plain form; with JavaScript,
 * "Check account" asks the bank for the account name first so the applicant can confirm it.
 */
export function SellerApplicationForm({ values, errors, formError, submitLabel }: TApplicationFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState(values.kind || "seller");
  const field = boundField(values, errors);
  return (
    <ApplicationForm
      label="Application to sell"
      formRef={formRef}
      formError={formError}
      submitLabel={submitLabel}
      next="We review applications within 2 working days and reply by e-mail."
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-bold">What will you sell?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {SELLER_KINDS.map((k) => (
            <RadioCard
              key={k}
              name="kind"
              value={k}
              title={SELLER_KIND_LABEL[k]}
              detail={KIND_DETAIL[k]}
              defaultChecked={kind === k}
              onChange={() => setKind(k)}
            />
          ))}
        </div>
        <ErrorText message={errors.kind} />
      </fieldset>

      <FormCard legend="Your business">
        <Field label="Business or trading name" {...field("businessName")} autoComplete="organization" required maxLength={80} />
        <SelectField label="Main category" {...field("category", "")} placeholder="Choose a category" options={CATEGORY_OPTIONS} required />
        <TextareaField
          className="sm:col-span-2"
          label="About your work"
          {...field("bio")}
          rows={4}
          maxLength={600}
          required
          hint="What you make, your materials and finish, and how long you have been at it. Buyers see this on your store."
        />
        <PhoneField {...field("phone")} required hint={NIGERIAN_MOBILE_HINT} />
        <Field label="CAC registration number (optional)" {...field("cacNumber")} hint="RC or BN number, if your business is registered" />
        <StateSelectField label="State you ship from" {...field("pickupState", "")} required />
        <Field
          label="Local government area"
          {...field("pickupLga")}
          required
          maxLength={60}
          hint="Where couriers collect your orders, e.g. Ikeja"
        />
      </FormCard>

      <FormCard
        legend="Designs and credentials"
        heading={kind === "architect" ? "Your designs and licence" : "Your work online (optional)"}
      >
        <Field
          className="sm:col-span-2"
          label={kind === "architect" ? "Portfolio link" : "Portfolio or social page (optional)"}
          {...field("portfolioUrl")}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
        <Field label="Licence body (optional)" {...field("licenceBody")} hint="e.g. ARCON, COREN or NIA" />
        <Field label="Licence number (optional)" {...field("licenceNumber")} />
      </FormCard>

      <FormCard legend="Payout account" intro="Your earnings are paid here. The account should be in your name or your business's.">
        <CheckedPayoutAccount formRef={formRef} values={values} errors={errors} />
      </FormCard>
    </ApplicationForm>
  );
}
