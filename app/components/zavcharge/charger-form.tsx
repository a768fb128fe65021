import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { FormError, WholeNumberField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// A charger's settings (docs/product/zavcharge.md#chargers), to register one or to edit it: the form around its
// fields, and the heartbeat field, whose bounds are the same in both.

type TFieldError = (name: string) => string | undefined;

/** The form of a charger's settings: posted on its own, its refusal above the fields, "Saving..." while on its way. */
export function ChargerForm({
  label,
  hidden = {},
  submit,
  children,
}: {
  label: string;
  hidden?: Record<string, string | number>;
  submit: string;
  children: (fieldError: TFieldError) => ReactNode;
}) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate aria-label={label}>
      <JsFlag />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="sm:col-span-2">
        <FormError message={formError} />
      </div>
      {children(fieldError)}
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Saving..." : submit}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** How often the charger says it is alive, in seconds. */
export function HeartbeatField({ defaultValue, error }: { defaultValue: number; error: string | undefined }) {
  return (
    <WholeNumberField
      label="Heartbeat (seconds)"
      name="heartbeatIntervalSeconds"
      min={10}
      max={86400}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
