import type { FormEvent } from "react";
import { PIN_LENGTH } from "@domain/zavcharge/accounts/account-rules";
import { Field } from "../ui/field";

/** The PIN field keeps digits only (docs/product/zavcharge.md#pins); the server strips them again. */
export function keepPinDigits(e: FormEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  const digits = input.value.replace(/\D/g, "").slice(0, PIN_LENGTH);
  if (digits !== input.value) input.value = digits;
}

const pinProps = {
  type: "password",
  inputMode: "numeric",
  autoComplete: "new-password",
  maxLength: PIN_LENGTH,
  onInput: keepPinDigits,
} as const;

/** A new PIN typed twice; both empty means one is generated (docs/product/zavcharge.md#accounts). */
export function PinFields({
  errors,
  names = ["pin", "confirmPin"],
  labels = ["PIN", "Confirm PIN"],
  optional = true,
}: {
  errors: Record<string, string | undefined>;
  names?: [string, string];
  labels?: [string, string];
  optional?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={labels[0]}
        name={names[0]}
        {...pinProps}
        required={!optional}
        error={errors[names[0]]}
        hint={optional ? "6 digits, or leave both empty and we will choose one" : "6 digits"}
      />
      <Field label={labels[1]} name={names[1]} {...pinProps} required={!optional} error={errors[names[1]]} />
    </div>
  );
}
