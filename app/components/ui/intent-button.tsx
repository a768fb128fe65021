import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/styles";

/**
 * A button that posts one intent with its hidden fields, as a navigating form: the answer comes back as the page's
 * flash message, which nothing unmounts. Disabled (and saying "Working...") while its own submission is on its way.
 */
export function IntentButton({
  intent,
  fields,
  label,
  formLabel,
  tone = "primary",
}: {
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  /** The form's accessible name: what the button does to what. */
  formLabel: string;
  tone?: "primary" | "outline";
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    Object.entries(fields).every(([k, v]) => navigation.formData?.get(k) === String(v));
  return (
    <Form method="post" preventScrollReset aria-label={formLabel}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={buttonClass[tone]} disabled={busy}>
        {busy ? "Working..." : label}
      </button>
    </Form>
  );
}
