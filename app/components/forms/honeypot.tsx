import { useId } from "react";
import { HONEYPOT } from "@domain/appointments/appointments";

/**
 * The field only bots fill in, so the booking and contact actions drop a post that fills it. Off-screen, hidden from
 * screen readers and out of the tab order: a person never meets it.
 */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
