import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { inputClass } from "./styles";

/** `id` names the control when it must not depend on the control's place in the tree (otherwise a generated one). */
type TFrame = { label: string; error?: string; hint?: string; className?: string; id?: string };
type TControlProps = { id: string; className: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** Label, hint and error around one control, with the error announced to screen readers. */
function FieldFrame({
  label,
  error,
  hint,
  className,
  id: fixedId,
  children,
}: TFrame & { children: (control: TControlProps) => ReactNode }) {
  const generated = useId();
  const id = fixedId ?? generated;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
      </label>
      {children({ id, className: inputClass, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} className="mt-1 text-sm text-danger" message={error} />
    </div>
  );
}

/** A labelled input. */
export function Field({ label, error, hint, className, id, ...input }: TFrame & InputHTMLAttributes<HTMLInputElement>) {
  return <FieldFrame {...{ label, error, hint, className, id }}>{(control) => <input {...control} {...input} />}</FieldFrame>;
}

/** A labelled whole-number input, with the phone's number keyboard. */
export function WholeNumberField(props: TFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode">) {
  return <Field type="number" inputMode="numeric" {...props} />;
}

/** A list's search box ("Search", sent as `q`, unless named otherwise), showing the search in use. */
export function SearchField({
  label = "Search",
  name = "q",
  value,
  ...input
}: Omit<TFrame, "label"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "defaultValue"> & {
    label?: string;
    value: string | null | undefined;
  }) {
  return <Field label={label} name={name} type="search" defaultValue={value ?? ""} {...input} />;
}

/** A labelled select: options as [value, label] pairs, or as <option> children. */
export function SelectField({
  label,
  error,
  hint,
  className,
  options = [],
  placeholder,
  children,
  id,
  ...select
}: TFrame & SelectHTMLAttributes<HTMLSelectElement> & { options?: readonly (readonly [string, string])[]; placeholder?: string }) {
  return (
    <FieldFrame {...{ label, error, hint, className, id }}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {children}
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A labelled multi-line text box. */
export function TextareaField({ label, error, hint, className, id, ...area }: TFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <FieldFrame {...{ label, error, hint, className, id }}>{(control) => <textarea rows={5} {...control} {...area} />}</FieldFrame>;
}

/** The message under a control (a field, a checkbox, a group of radio buttons), announced to screen readers as it appears. */
export function ErrorText({
  message,
  id,
  className = "text-sm text-danger",
}: {
  message?: string | null;
  id?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={className} role="alert">
      {message}
    </p>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}

/**
 * A form's fields bound to what was sent back and its errors: `{...field("title")}` (or `field("level", "beginner")`
 * with the value a new form starts with) gives a field its name, the value to show again and its error.
 */
export function boundField(values: Record<string, string | undefined>, errors: Record<string, string | undefined>) {
  return (name: string, initial?: string) => ({ name, defaultValue: values[name] ?? initial, error: errors[name] });
}
