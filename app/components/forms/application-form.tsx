import type { ReactNode, RefObject } from "react";
import { Form, useNavigation } from "react-router";
import type { TApplicationStatus } from "@domain/marketplace/marketplace";
import { FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formRefusalIn } from "~/lib/action-answer";

// The frame of the applications to sell (docs/product/marketplace.md#applications) and to invest
// (docs/product/investments.md#applications): plain forms of card sections, checked by the server.

type TValues = Record<string, string>;

/** What an application form is given by its page. */
export type TApplicationFormProps = { values: TValues; errors: TValues; formError?: string | null; submitLabel: string };

/**
 * The form an application page shows: after a refusal, what was typed with its messages; otherwise the last
 * application's answers to correct when more information was asked or it was rejected, or an empty form.
 */
export function applicationFormProps(
  actionData: unknown,
  application: { status: TApplicationStatus; values: TValues } | null,
): Omit<TApplicationFormProps, "submitLabel"> {
  const refused = formRefusalIn(actionData);
  const correcting = application?.status === "needs_info" || application?.status === "rejected";
  return {
    values: refused?.values ?? (correcting ? application.values : {}),
    errors: refused?.error.fieldErrors ?? {},
    formError: refused && !refused.error.field ? refused.error.message : null,
  };
}

/** The application's form: its error, its sections and the submit button, with what happens next beside it. */
export function ApplicationForm({
  label,
  formRef,
  encType,
  formError,
  submitLabel,
  next,
  children,
}: {
  label: string;
  formRef: RefObject<HTMLFormElement | null>;
  encType?: "multipart/form-data";
  formError?: string | null;
  submitLabel: string;
  next?: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" ref={formRef} encType={encType} className="space-y-6" noValidate aria-label={label}>
      <FormError message={formError} />
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Sending..." : submitLabel}
        </button>
        {next ? <p className="text-sm text-muted">{next}</p> : null}
      </div>
    </Form>
  );
}

/** A card of fields in two columns: the legend names the group for screen readers, the heading shows it. */
export function FormCard({
  legend,
  heading = legend,
  intro,
  children,
}: {
  legend: string;
  heading?: ReactNode;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
      <legend className="sr-only">{legend}</legend>
      {intro ? (
        <div className="sm:col-span-2">
          <h2 className="text-lg font-bold">{heading}</h2>
          <p className="text-sm text-muted">{intro}</p>
        </div>
      ) : (
        <h2 className="text-lg font-bold sm:col-span-2">{heading}</h2>
      )}
      {children}
    </fieldset>
  );
}
