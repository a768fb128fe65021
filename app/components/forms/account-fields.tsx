import { Field } from "~/components/ui/field";
import { PhoneField } from "./nigerian-fields";

type TErrors = Record<string, string | undefined>;

/**
 * A new password typed twice ("Password" and "Confirm password", or "New password" and "Confirm new password"). At
 * least 6 characters, as every password rule in domain/auth/auth-input.ts asks; the server checks both match.
 */
export function NewPasswordFields({
  errors,
  label = "Password",
  required = true,
}: {
  errors: TErrors;
  label?: string;
  required?: boolean;
}) {
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required={required}
        minLength={6}
        error={errors.password}
      />
      <Field
        label={`Confirm ${label.toLowerCase()}`}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required={required}
        error={errors.confirmPassword}
      />
    </>
  );
}

/** Who opens an account: name, e-mail, phone and password, as the site's and ZavCharge's registration ask them. */
export function SignUpFields({ errors, phoneHint }: { errors: TErrors; phoneHint?: string }) {
  return (
    <>
      <Field label="Full name" name="name" autoComplete="name" required error={errors.name} />
      <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <PhoneField placeholder="0803 123 4567" required error={errors.phone} hint={phoneHint} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields errors={errors} />
      </div>
    </>
  );
}
