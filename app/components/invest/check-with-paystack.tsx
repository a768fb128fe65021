import { IntentButton } from "~/components/ui/intent-button";

/** Asks Paystack how a transfer already on its way stands: the same button for distributions and redemptions. */
export function CheckWithPaystackButton({
  intent,
  fields,
  what,
}: {
  intent: string;
  fields: Record<string, string | number>;
  /** What the transfer pays, for the form's accessible name. */
  what: string;
}) {
  return (
    <IntentButton intent={intent} fields={fields} label="Check with Paystack" formLabel={`Check with Paystack: ${what}`} tone="outline" />
  );
}
