import { NIGERIAN_BANKS } from "@domain/nigeria/banks";
import { Field, SelectField } from "~/components/ui/field";

const BANK_OPTIONS = NIGERIAN_BANKS.map((b) => [b.code, b.name] as const);

/** The bank and the 10-digit account number of a payout account (a seller's, a referrer's), named `bankCode` and `accountNumber`. */
export function BankAccountFields({
  values = {},
  errorOf,
}: {
  values?: { bankCode?: string; accountNumber?: string };
  errorOf: (field: "bankCode" | "accountNumber") => string | undefined;
}) {
  return (
    <>
      <SelectField
        label="Bank"
        name="bankCode"
        defaultValue={values.bankCode ?? ""}
        placeholder="Choose your bank"
        options={BANK_OPTIONS}
        required
        error={errorOf("bankCode")}
      />
      <Field
        label="Account number"
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        defaultValue={values.accountNumber}
        required
        hint="10 digits (NUBAN)"
        error={errorOf("accountNumber")}
      />
    </>
  );
}
