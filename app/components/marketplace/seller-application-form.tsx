import { CheckedPayoutAccount } from "~/components/payments/checked-payout-account";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { SELLER_CATEGORIES, SELLER_KIND_LABEL, SELLER_KINDS } from "@domain/marketplace/marketplace";
import { NIGERIAN_STATES } from "@domain/nigeria/states";
import { Field, FormError, SelectField, TextareaField } from "~/components/ui/field";
import { RadioCard } from "~/components/ui/radio-card";
import { buttonClass, cardClass } from "~/components/ui/styles";

type TValues = Record<string, string>;

const KIND_DETAIL = {
  seller: "Furniture, lighting, solar gear and other goods you make or stock, shipped to buyers.",
  architect: "Floor plans and furniture designs, sold as downloads, and consultations with buyers.",
} as const;

/**
 * The application to sell (docs/product/marketplace.md#applications). Works as a plain form; with JavaScript,
 * "Check account" asks the bank for the account name first so the applicant can confirm it.
 */
export function SellerApplicationForm({
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
  const [kind, setKind] = useState(values.kind || "seller");

  return (
    <Form method="post" ref={formRef} className="space-y-6" noValidate aria-label="Application to sell">
      <FormError message={formError} />
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
        {errors.kind ? (
          <p className="text-sm text-danger" role="alert">
            {errors.kind}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
        <legend className="sr-only">Your business</legend>
        <h2 className="text-lg font-bold sm:col-span-2">Your business</h2>
        <Field
          label="Business or trading name"
          name="businessName"
          defaultValue={values.businessName}
          autoComplete="organization"
          required
          maxLength={80}
          error={errors.businessName}
        />
        <SelectField
          label="Main category"
          name="category"
          defaultValue={values.category ?? ""}
          placeholder="Choose a category"
          options={SELLER_CATEGORIES.map((c) => [c, c] as const)}
          required
          error={errors.category}
        />
        <TextareaField
          className="sm:col-span-2"
          label="About your work"
          name="bio"
          defaultValue={values.bio}
          rows={4}
          maxLength={600}
          required
          hint="What you make, your materials and finish, and how long you have been at it. Buyers see this on your store."
          error={errors.bio}
        />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={values.phone}
          required
          hint="A Nigerian mobile number, e.g. 0803 123 4567"
          error={errors.phone}
        />
        <Field
          label="CAC registration number (optional)"
          name="cacNumber"
          defaultValue={values.cacNumber}
          hint="RC or BN number, if your business is registered"
          error={errors.cacNumber}
        />
        <SelectField
          label="State you ship from"
          name="pickupState"
          defaultValue={values.pickupState ?? ""}
          placeholder="Choose a state"
          options={NIGERIAN_STATES.map((s) => [s, s] as const)}
          required
          error={errors.pickupState}
        />
        <Field
          label="Local government area"
          name="pickupLga"
          defaultValue={values.pickupLga}
          required
          maxLength={60}
          hint="Where couriers collect your orders, e.g. Ikeja"
          error={errors.pickupLga}
        />
      </fieldset>

      <fieldset className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
        <legend className="sr-only">Designs and credentials</legend>
        <h2 className="text-lg font-bold sm:col-span-2">
          {kind === "architect" ? "Your designs and licence" : "Your work online (optional)"}
        </h2>
        <Field
          className="sm:col-span-2"
          label={kind === "architect" ? "Portfolio link" : "Portfolio or social page (optional)"}
          name="portfolioUrl"
          type="url"
          inputMode="url"
          defaultValue={values.portfolioUrl}
          placeholder="https://"
          error={errors.portfolioUrl}
        />
        <Field
          label="Licence body (optional)"
          name="licenceBody"
          defaultValue={values.licenceBody}
          hint="e.g. ARCON, COREN or NIA"
          error={errors.licenceBody}
        />
        <Field label="Licence number (optional)" name="licenceNumber" defaultValue={values.licenceNumber} error={errors.licenceNumber} />
      </fieldset>

      <fieldset className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
        <legend className="sr-only">Payout account</legend>
        <div className="sm:col-span-2">
          <h2 className="text-lg font-bold">Payout account</h2>
          <p className="text-sm text-muted">Your earnings are paid here. The account should be in your name or your business&apos;s.</p>
        </div>
        <CheckedPayoutAccount formRef={formRef} values={values} errors={errors} />
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Sending..." : submitLabel}
        </button>
        <p className="text-sm text-muted">We review applications within 2 working days and reply by e-mail.</p>
      </div>
    </Form>
  );
}
