import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { FormError } from "./field";
import { Pager } from "./pager";
import { buttonClass, cardClass } from "./styles";

/** The small link above a back-office title to the page one level up. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <Link to={to} className="text-brand underline">
        {children}
      </Link>
    </p>
  );
}

/** The top of a back-office page: the way back (to /staff unless said), the title and what the page is for. */
export function StaffPageHeader({
  title,
  intro,
  back = { to: "/staff", label: "Staff" },
  children,
}: {
  title: string;
  intro: ReactNode;
  back?: { to: string; label: string };
  /** What follows the intro in the header (a notice). */
  children?: ReactNode;
}) {
  return (
    <header>
      <BackLink to={back.to}>{back.label}</BackLink>
      <h1 className="mt-1 text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-muted">{intro}</p>
      {children}
    </header>
  );
}

/** "Showing 21–40 of 57 orders", announced when a filter changes it. */
export function ResultCount({
  total,
  first,
  shown,
  noun,
  none,
  testId,
}: {
  total: number;
  first: number;
  shown: number;
  noun: string;
  none: string;
  testId: string;
}) {
  return (
    <p className="text-sm text-muted" aria-live="polite" data-testid={testId}>
      {total === 0 ? none : `Showing ${first}–${first + shown - 1} of ${total} ${noun}${total === 1 ? "" : "s"}`}
    </p>
  );
}

/**
 * A staff list's filters: a plain GET form, so the filters live in the address and a filtered list can be shared and
 * reloaded. It is drawn afresh for each address, so its fields show the address's values after "Back" or a clear link.
 */
export function StaffFilterForm({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Form method="get" key={location.search} className={`${cardClass} ${className}`} role="search" aria-label={label}>
      {children}
    </Form>
  );
}

/** What an empty list says: a way out of the filters, or where the rows will come from. */
export function EmptyList({ filtered, clearTo, children }: { filtered: boolean; clearTo: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
      {filtered ? (
        <Link to={clearTo} className="text-brand underline">
          Clear the filters
        </Link>
      ) : (
        children
      )}
    </div>
  );
}

/** A titled part of a back-office page: its heading (an h2) names the section for screen readers. */
export function StaffSection({
  titleId,
  title,
  id,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  /** The section's own id, where a link leads to it. */
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One labelled value in a back-office details list (<dl>): the label beside it from 640 px, above it on phones. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** One figure of a back-office page's figures (a <dl>): its label, the value, a hint under it and what acts on it. */
export function StaffFigure({
  label,
  value,
  hint,
  testId,
  children,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
  /** A link or a button under the figure (the referrals waiting for review). */
  children?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-line bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
      {children ? <dd>{children}</dd> : null}
    </div>
  );
}

/** The orders a list can be read in: each a link (so a sorted list can be shared), the current one marked. */
export type TListSortChoice = {
  options: readonly (readonly [value: string, label: string])[];
  current: string;
  hrefFor: (value: string) => string;
};

function SortLinks({ options, current, hrefFor }: TListSortChoice) {
  return (
    <nav aria-label="Sort the list" className="flex flex-wrap items-center gap-1 text-sm">
      <span className="text-muted">Sort:</span>
      {options.map(([value, label]) => (
        <Link
          key={value}
          to={hrefFor(value)}
          aria-current={value === current ? "true" : undefined}
          className={`inline-flex min-h-9 items-center rounded-full border px-3 font-semibold ${value === current ? "border-brand bg-brand text-brand-contrast" : "border-line hover:border-brand"}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** The rows a list's filters match, as a CSV file. */
export function DownloadCsv({ href }: { href: string }) {
  return (
    <a href={href} className={buttonClass.outline} download>
      <Download className="h-4 w-4" aria-hidden /> Download CSV
    </a>
  );
}

/**
 * The body of a back-office list: how many match, the ways to sort it and its CSV download, the rows (the children)
 * or what an empty list says, and the pages. One frame for every staff list, so counts, sorting, downloads, empty
 * states and paging read and behave the same everywhere.
 */
export function StaffList({
  count,
  empty,
  pages,
  sort,
  download,
  children,
}: {
  /** The count's words and figures; its first row's number comes from the page and the page size. */
  count: Omit<Parameters<typeof ResultCount>[0], "first"> & { pageSize: number };
  empty: { filtered: boolean; clearTo: string; text: ReactNode };
  pages: Parameters<typeof Pager>[0];
  sort?: TListSortChoice;
  /** The rows the filters match, as CSV: every page, not only this one. */
  download?: { href: string };
  children: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ResultCount {...count} first={(pages.page - 1) * count.pageSize + 1} />
        {sort || download ? (
          <div className="flex flex-wrap items-center gap-3">
            {sort ? <SortLinks {...sort} /> : null}
            {download ? <DownloadCsv href={download.href} /> : null}
          </div>
        ) : null}
      </div>
      {count.shown > 0 ? (
        children
      ) : (
        <EmptyList filtered={empty.filtered} clearTo={empty.clearTo}>
          {empty.text}
        </EmptyList>
      )}
      <Pager {...pages} />
    </>
  );
}

/**
 * A card of a page's items (the academy's courses, ZavCharge's stations): its heading with how many there are, and
 * the items as a list named by the heading, or the empty words when there are none.
 */
export function StaffItemsCard({
  id,
  title,
  count,
  empty,
  children,
}: {
  /** The heading's id, which names the card. */
  id: string;
  title: string;
  count: number;
  empty: ReactNode;
  /** The items: each a StaffItemRow. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${cardClass} !p-0`}>
      <h2 id={id} className="border-b border-line px-4 py-3 text-lg font-semibold">
        {title} ({count})
      </h2>
      {count === 0 ? (
        <p className="px-4 py-6 text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label={title}>
          {children}
        </ul>
      )}
    </section>
  );
}

/**
 * One item of a StaffItemsCard: its name (a link to its page) with the lines under it, three values and its buttons,
 * in columns from 640 px and one under another on a phone.
 */
export function StaffItemRow({
  testId,
  to,
  name,
  details,
  children,
}: {
  testId: string;
  to: string;
  name: string;
  /** The lines under the name: a status, a slug, a place. */
  details: ReactNode;
  /** The row's values (each an ItemValue) and its buttons. */
  children: ReactNode;
}) {
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,3fr)_repeat(3,minmax(0,1fr))_auto] sm:items-center" data-testid={testId}>
      <div className="min-w-0">
        <p className="font-medium break-words">
          <Link to={to} className="hover:underline">
            {name}
          </Link>
        </p>
        {details}
      </div>
      {children}
    </li>
  );
}

/** A value in a StaffItemRow: its label read to screen readers from 640 px (the columns say it), shown on a phone. */
export function ItemValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <span className="text-xs text-muted sm:sr-only">{label} </span>
      {children}
    </p>
  );
}

/** A card of a back-office page under its heading, which names it for screen readers. */
export function StaffCard({
  titleId,
  title,
  id,
  children,
}: {
  /** The heading's id, which names the card. */
  titleId: string;
  title: ReactNode;
  /** The card's own id, where a link leads to it. */
  id?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={titleId} className={`${cardClass} space-y-4`}>
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The card holding the form that adds an item, which the page's "New …" link (#id) leads to: why the last try was
 * refused, the item's fields (the children) and the button, disabled while the form is on its way.
 */
export function StaffNewItemForm({
  id,
  title,
  note,
  error,
  submit,
  children,
}: {
  id: string;
  /** The card's heading and the form's name. */
  title: string;
  /** A line above the form: what a new item starts as. */
  note?: ReactNode;
  /** The refusal that names no field. */
  error: string | null | undefined;
  submit: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <StaffCard id={id} titleId={`${id}-title`} title={title}>
      {note}
      <Form method="post" noValidate className="space-y-4" aria-label={title}>
        <FormError message={error} />
        {children}
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {submit}
        </button>
      </Form>
    </StaffCard>
  );
}
