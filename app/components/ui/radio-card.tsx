import type { InputHTMLAttributes, ReactNode } from "react";

/** A radio button drawn as a card with a title and a line of detail; the whole card is the label. */
export function RadioCard({
  title,
  detail,
  ...input
}: { title: string; detail: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-xl border border-line p-4 has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand/30">
      <input type="radio" className="mt-1 accent-[var(--brand)]" {...input} />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-muted">{detail}</span>
      </span>
    </label>
  );
}
