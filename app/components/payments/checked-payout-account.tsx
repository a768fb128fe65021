import type { RefObject } from "react";
import { useFetcher } from "react-router";
import { BankAccountFields } from "~/components/payments/bank-account-fields";
import { ErrorText, Field } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import type { TActionAnswer } from "~/lib/action-answer";

type TCheck = TActionAnswer<{ accountName: string | null; verified: boolean }>;

/**
 * The bank, account number and account name of a payout account (a seller's, an investor's). With JavaScript, "Check
 * account" asks the bank whose account it is first, so the applicant confirms the name before sending
 * (docs/product/marketplace.md#payout-accounts); without it, the server asks on submit. Lays out in a two-column grid.
 */
export function CheckedPayoutAccount({
  formRef,
  values,
  errors,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const check = useFetcher<TCheck>();
  const checked = check.data?.ok ? check.data : null;
  const checkError = check.data && !check.data.ok ? check.data.error : null;

  const checkAccount = () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    void check.submit(
      { bankCode: String(data.get("bankCode") ?? ""), accountNumber: String(data.get("accountNumber") ?? ""), _js: "1" },
      { method: "post", action: "/marketplace/check-bank-account" },
    );
  };
  // Once the account has been checked, the check's answer replaces what the last submission said about it.
  const fieldError = (name: "bankCode" | "accountNumber") => (check.data ? checkError?.fieldErrors?.[name] : errors[name]);

  return (
    <>
      <BankAccountFields values={values} errorOf={fieldError} />
      {hydrated ? (
        <div className="sm:col-span-2">
          <button type="button" className={buttonClass.outline} onClick={checkAccount} disabled={check.state !== "idle"}>
            {check.state !== "idle" ? "Checking..." : "Check account"}
          </button>
          {checked?.verified ? (
            <p className="mt-2 text-sm" role="status" data-testid="resolved-account-name">
              The bank says this account belongs to <strong>{checked.accountName}</strong>. Is that you?
            </p>
          ) : null}
          {checked && !checked.verified ? (
            <p className="mt-2 text-sm text-muted" role="status">
              We could not check the account with the bank just now. Type the account name below; our team confirms it.
            </p>
          ) : null}
          <ErrorText message={checkError && !checkError.field ? checkError.message : null} className="mt-2 text-sm text-danger" />
        </div>
      ) : null}
      <Field
        className="sm:col-span-2"
        key={checked?.accountName ?? "typed"}
        label="Account name"
        name="accountName"
        defaultValue={checked?.accountName ?? values.accountName}
        readOnly={Boolean(checked?.verified)}
        hint="As your bank shows it. When we can check it with the bank, the bank's name is used."
        error={errors.accountName}
      />
    </>
  );
}
