import { Form } from "react-router";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";

/** Type a certificate code to check it: a plain GET form, so it works without JavaScript. */
export function VerifyCodeForm({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <Form
      method="get"
      action="/verify"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      role="search"
      aria-label="Verify a certificate"
    >
      <Field
        className="grow"
        label="Certificate code"
        name="code"
        defaultValue={defaultValue}
        placeholder="e.g. K7QM-2XHD-9TRA"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        required
      />
      <button type="submit" className={buttonClass.primary}>
        Verify
      </button>
    </Form>
  );
}
