import type { ComponentProps } from "react";
import { NIGERIAN_STATES } from "@domain/nigeria/states";
import { Field, SelectField } from "~/components/ui/field";

/** The hint under a phone field that must be a Nigerian mobile (the server checks the same). */
export const NIGERIAN_MOBILE_HINT = "A Nigerian mobile number, e.g. 0803 123 4567";

type TNamed = { label?: string; name?: string };

/** A phone number field ("phone" unless named otherwise): the phone's number pad and the browser's saved number. */
export function PhoneField({ label = "Phone", name = "phone", ...input }: Omit<ComponentProps<typeof Field>, "label" | "type"> & TNamed) {
  return <Field label={label} name={name} type="tel" inputMode="tel" autoComplete="tel" {...input} />;
}

const STATE_OPTIONS = NIGERIAN_STATES.map((s) => [s, s] as const);

/** One of the 36 states and the FCT ("state" unless named otherwise), with an empty first choice. */
export function StateSelectField({
  label = "State",
  placeholder = "Choose a state",
  name = "state",
  ...select
}: Omit<ComponentProps<typeof SelectField>, "label" | "options" | "children"> & TNamed) {
  return <SelectField label={label} name={name} placeholder={placeholder} options={STATE_OPTIONS} {...select} />;
}
