import { SlidersHorizontal } from "lucide-react";
import type { Key, ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { formatKobo } from "@domain/money/money";
import { Field, SelectField } from "./field";
import { buttonClass } from "./styles";

/**
 * A list's GET filter form (the store, the marketplace): works as a plain form without JavaScript; with it, empty
 * fields and the default sort are left out of the address. On phones it sits behind a "Filters" disclosure
 * (<details>); from 1024 px the disclosure is always open (app.css, .store-filters).
 */
export function FilterPanel({
  action,
  label,
  submitLabel,
  activeCount,
  sort,
  defaultSort,
  children,
}: {
  action: string;
  /** The form's name and heading: "Filter products". */
  label: string;
  /** The submit button's words: "Show products". */
  submitLabel: string;
  activeCount: number;
  /** The sort in use: "Clear all" shows once a filter or a sort other than the default is chosen. */
  sort: string;
  defaultSort: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <details className="store-filters group rounded-2xl border border-line bg-surface shadow-sm">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          Filters{activeCount ? ` (${activeCount})` : ""}
        </span>
        <span aria-hidden className="text-muted transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <form
        method="get"
        action={action}
        role="search"
        aria-label={label}
        className="space-y-4 border-t border-line p-4 lg:border-t-0"
        onSubmit={(e) => {
          e.preventDefault();
          const params = new URLSearchParams();
          for (const [key, value] of new FormData(e.currentTarget)) {
            if (typeof value === "string" && value.trim() && !(key === "sort" && value === defaultSort)) params.set(key, value.trim());
          }
          navigate(params.size ? `${action}?${params}` : action);
        }}
      >
        <h2 className="hidden text-lg font-semibold lg:block">{label}</h2>
        {children}
        <div className="flex flex-wrap gap-2 pt-1">
          <button type="submit" className={`${buttonClass.primary} flex-1`}>
            {submitLabel}
          </button>
          {activeCount || sort !== defaultSort ? (
            <Link to={action} className={buttonClass.outline}>
              Clear all
            </Link>
          ) : null}
        </div>
      </form>
    </details>
  );
}

/** Minimum and maximum price in naira, as two number fields under one legend. */
export function PriceRangeFields({ min, max, maxNaira }: { min: number | null; max: number | null; maxNaira: number }) {
  const field = {
    type: "number",
    inputMode: "numeric",
    min: 0,
    max: maxNaira,
    step: 1000,
    className: "[&_label]:text-xs [&_label]:text-muted",
  } as const;
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium">Price (₦)</legend>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Minimum" name="min" defaultValue={min ?? ""} placeholder="0" {...field} />
        <Field label="Maximum" name="max" defaultValue={max ?? ""} placeholder="Any" {...field} />
      </div>
    </fieldset>
  );
}

/** A chosen price range in words, for an empty list ("between ₦100,000 and ₦500,000", "up to ₦50,000"), or null. */
export function priceRangeWords(min: number | null, max: number | null): string | null {
  const naira = (n: number) => formatKobo(n * 100).replace(/\.00$/, "");
  if (min !== null && max !== null) return `between ${naira(min)} and ${naira(max)}`;
  if (min !== null) return `from ${naira(min)}`;
  return max !== null ? `up to ${naira(max)}` : null;
}

/** One of a list's filters as a select: `value` is the one chosen (none: the first option, `anyLabel`, as in "All categories"). */
export function FilterSelect({
  value,
  anyLabel,
  ...select
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  anyLabel: string;
  options: readonly (readonly [string, string])[];
}) {
  return <SelectField {...select} defaultValue={value ?? ""} placeholder={anyLabel} />;
}

/**
 * A filtered list's body (the store, the marketplace): the filter panel in a side column, sticky from 1024 px, and the
 * results beside it under a heading for screen readers.
 */
export function FilteredList({ filters, heading, children }: { filters: ReactNode; heading: string; children: ReactNode }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[17rem_1fr] lg:items-start">
      <aside className="lg:sticky lg:top-20">{filters}</aside>
      <section aria-labelledby="results-heading" className="min-w-0">
        <h2 id="results-heading" className="sr-only">
          {heading}
        </h2>
        {children}
      </section>
    </div>
  );
}

/** A filtered list's results as cards: one column on a phone, up to three, or two beside the filter panel. */
export function ResultGrid<T>({ items, keyOf, card }: { items: readonly T[]; keyOf: (item: T) => Key; card: (item: T) => ReactNode }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={keyOf(item)}>{card(item)}</li>
      ))}
    </ul>
  );
}
