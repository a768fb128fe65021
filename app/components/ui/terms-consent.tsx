import type { InputHTMLAttributes } from "react";
import { Link } from "react-router";
import { ErrorText } from "./field";

/** The registration forms' "I agree to the Terms and Privacy Policy" box, with its message when unticked. */
export function TermsConsent({ error, ...input }: { error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name">) {
  return (
    <>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="agreedToTerms" className="mt-1 h-4 w-4 accent-[var(--brand)]" {...input} />
        <span>
          I agree to the{" "}
          <Link to="/terms-of-service" className="text-brand underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy-policy" className="text-brand underline">
            Privacy Policy
          </Link>
        </span>
      </label>
      <ErrorText message={error} />
    </>
  );
}
