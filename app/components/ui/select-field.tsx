import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { inputClass } from "./styles";

// Labelled select and textarea, with hint and announced error, matching Field (field.tsx) for inputs.

type TLabelled = { label: string; error?: string; hint?: string; children?: ReactNode };

/** The label, hint and announced error around a select or textarea, as Field does for inputs. */
function Labelled({ id, label, error, hint, children }: TLabelled & { id: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: string) => [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

export function SelectField({ label, error, hint, children, ...select }: TLabelled & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error} hint={hint}>
      <select id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...select}>
        {children}
      </select>
    </Labelled>
  );
}

export function TextareaField({ label, error, hint, ...area }: TLabelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error} hint={hint}>
      <textarea id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...area} />
    </Labelled>
  );
}

