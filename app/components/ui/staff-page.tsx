import type { ReactNode } from "react";
import { Link } from "react-router";
import { Pager } from "./pager";

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

/** The top of a staff list page: the way back to /staff, the title and what the page is for. */
export function StaffPageHeader({ title, intro }: { title: string; intro: ReactNode }) {
  return (
    <header>
      <BackLink to="/staff">Staff</BackLink>
      <h1 className="mt-1 text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-muted">{intro}</p>
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

/** One labelled value in a back-office details list (<dl>): the label beside it from 640 px, above it on phones. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * The body of a back-office list: how many match, the rows (the children) or what an empty list says, and the pages.
 * One frame for every staff list, so counts, empty states and paging read and behave the same everywhere.
 */
export function StaffList({
  count,
  empty,
  pages,
  children,
}: {
  count: Parameters<typeof ResultCount>[0];
  empty: { filtered: boolean; clearTo: string; text: ReactNode };
  pages: Parameters<typeof Pager>[0];
  children: ReactNode;
}) {
  return (
    <>
      <ResultCount {...count} />
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
