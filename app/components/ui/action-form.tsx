import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// One form of a page of several (the course page, a row of a staff list): posts its intent on its own (a fetcher once
// hydrated, a plain post without JavaScript) and shows its refusal beside its fields; successes show as a toast.

export type TFieldError = (name: string) => string | undefined;

export function ActionForm({
  intent,
  hidden = {},
  label,
  action,
  className = "space-y-3",
  upload = false,
  children,
}: {
  intent: string;
  hidden?: Record<string, string | number>;
  label: string;
  /** The route whose action answers, when it is not the page's own (a form in a list's row). */
  action?: string;
  className?: string;
  upload?: boolean;
  children: (f: { fieldError: TFieldError; busy: boolean }) => ReactNode;
}) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError, formError } = useActionToast(fetcher);
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType={upload ? "multipart/form-data" : undefined}
      noValidate
      aria-label={label}
      className={className}
    >
      <JsFlag />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <FormError message={formError} />
      {children({ fieldError, busy })}
    </fetcher.Form>
  );
}

/** One form of an item (a course's lesson, a product's stock): its fields and its submit button, posted under its intent. */
export type TItemForm = {
  intent: string;
  hidden?: Record<string, string | number>;
  /** The form's accessible name. */
  label: string;
  /** The route whose action answers, when it is not the page's own. */
  action?: string;
  className?: string;
  fields: (fieldError: TFieldError) => ReactNode;
  submit: ReactNode;
  tone?: keyof typeof buttonClass;
  submitClassName?: string;
};

export function ItemForm({ fields, submit, tone = "primary", submitClassName, ...form }: TItemForm) {
  return (
    <ActionForm {...form}>
      {({ fieldError, busy }) => (
        <>
          {fields(fieldError)}
          <SubmitButton busy={busy} tone={tone} className={submitClassName}>
            {submit}
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}

/** A form's own submit button, disabled while the form is on its way. */
export function SubmitButton({
  busy,
  tone = "primary",
  className = "",
  children,
}: {
  busy: boolean;
  tone?: keyof typeof buttonClass;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={`${buttonClass[tone]} ${className}`.trim()} disabled={busy}>
      {children}
    </button>
  );
}

/** One way to decide: the value the form's `decision` field takes, the button's words and its tone. */
export type TDecisionChoice = readonly [value: string, label: string, tone: keyof typeof buttonClass];

/** A decision form's buttons (approve or reject, accept or decline): each submits the form with its `decision`. */
export function DecisionButtons({
  busy,
  choices,
  className = "flex flex-wrap gap-2",
  children,
}: {
  busy: boolean;
  choices: readonly TDecisionChoice[];
  className?: string;
  /** Buttons after the decisions that do something else (pay through Paystack). */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {choices.map(([value, label, tone]) => (
        <button key={value} type="submit" name="decision" value={value} className={buttonClass[tone]} disabled={busy}>
          {label}
        </button>
      ))}
      {children}
    </div>
  );
}

/** A one-button form: move up or down, delete, publish. */
export function ActionButton({
  intent,
  hidden = {},
  label,
  children,
  tone = "outline",
  confirm,
}: {
  intent: string;
  hidden?: Record<string, string | number>;
  label: string;
  children: ReactNode;
  tone?: keyof typeof buttonClass;
  confirm?: string;
}) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError } = useActionToast(fetcher, { errors: "toast" });
  return (
    <fetcher.Form
      method="post"
      className="inline"
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      <JsFlag />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={buttonClass[tone]} disabled={busy} aria-label={label} title={formError ?? undefined}>
        {children}
      </button>
    </fetcher.Form>
  );
}
