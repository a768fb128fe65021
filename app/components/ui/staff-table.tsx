import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DownloadCsv, StaffList, type TListSortChoice } from "./staff-page";

// One table for every staff and admin list (docs/decisions/0047-staff-data-table.md): a real <table> from 768 px,
// each row a card of "label value" lines below it, in CSS only. Sorting and paging are the loader's: a sortable
// heading is a link to the list's address with another sort, so both work without JavaScript.

/** One column: its heading (also each value's label on a phone) and how a row fills its cell. */
export type TStaffColumn<TRow> = {
  header: string;
  cell: (row: TRow) => ReactNode;
  /** The heading is read to screen readers only (a column of buttons), and its cells carry no label on a phone. */
  headerHidden?: boolean;
  /** The list's sort values that order the rows by this column, each way. */
  sort?: { ascending?: string; descending?: string };
  /** "end" for amounts and counts: right-aligned, figures of one width. */
  align?: "start" | "end";
  /** Left out of a row's card on a phone (the table still has it from 768 px). */
  hideOnPhone?: boolean;
  /** The cell names its row (<th scope="row">), and is the title of the row's card on a phone. */
  rowHeader?: boolean;
  /** Extra classes for this column's cells (font-mono, whitespace-nowrap). */
  className?: string;
};

type TStaffListFrame = Omit<Parameters<typeof StaffList>[0], "children" | "sort">;

export type TStaffTableProps<TRow> = {
  /** What the table holds: its caption, read to screen readers only unless captionVisible. */
  label: string;
  captionVisible?: boolean;
  columns: readonly TStaffColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string | number;
  /** A row's test id or highlight. */
  rowProps?: (row: TRow) => { "data-testid"?: string; className?: string };
  /** The list's sorts: sortable headings link to them, and the list shows its sort links. */
  sort?: TListSortChoice;
  /** data-testid of the <table>. */
  testId?: string;
  /** A border and background of its own (off when the table sits in a card already). */
  framed?: boolean;
} & (
  | ({ empty: TStaffListFrame["empty"] } & Omit<TStaffListFrame, "empty">)
  | { empty: ReactNode; count?: undefined; pages?: undefined; download?: TStaffListFrame["download"] }
);

type TSortDirection = "ascending" | "descending";

function sortState<TRow>(column: TStaffColumn<TRow>, sort: TListSortChoice | undefined) {
  if (!sort || !column.sort) return null;
  const { ascending, descending } = column.sort;
  const current: TSortDirection | undefined =
    ascending === sort.current ? "ascending" : descending === sort.current ? "descending" : undefined;
  // A click on the sorted column turns it round; on another column, it sorts by that one (its first way given).
  const next =
    current === "ascending" ? (descending ?? ascending) : current === "descending" ? (ascending ?? descending) : (descending ?? ascending);
  return next ? { current, href: sort.hrefFor(next) } : null;
}

const alignClass = (column: { align?: "start" | "end" }) => (column.align === "end" ? "md:text-right tabular-nums" : "");

function HeaderCell<TRow>({ column, sort }: { column: TStaffColumn<TRow>; sort?: TListSortChoice }) {
  const state = sortState(column, sort);
  const Icon = state?.current === "ascending" ? ArrowUp : state?.current === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={state?.current}
      className={`px-3 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase ${alignClass(column)}`}
    >
      {column.headerHidden ? (
        <span className="sr-only">{column.header}</span>
      ) : state ? (
        <Link to={state.href} className={`inline-flex min-h-8 items-center gap-1 hover:text-brand ${state.current ? "text-fg" : ""}`}>
          {column.header}
          <Icon className={`h-3.5 w-3.5 ${state.current ? "" : "opacity-50"}`} aria-hidden />
        </Link>
      ) : (
        column.header
      )}
    </th>
  );
}

// Below 768 px: the table, its body and rows are blocks, each row a card; each cell a line with its column's name
// before it (from data-label, so the words are not part of the cell's text on a wider screen).
const cellClass = (column: { align?: "start" | "end"; hideOnPhone?: boolean; rowHeader?: boolean; className?: string }) =>
  [
    "px-3 py-2.5 align-top md:first:pl-4 md:last:pr-4",
    // A phone's card wraps what a wide column keeps on one line, and no cell is wider than the card.
    "max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right",
    "max-md:min-w-0 max-md:max-w-none max-md:whitespace-normal max-md:break-words",
    "max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-muted max-md:before:content-[attr(data-label)]",
    column.rowHeader ? "font-semibold max-md:block max-md:pb-2 max-md:text-left max-md:text-base max-md:before:content-none" : "",
    column.hideOnPhone ? "max-md:hidden" : "",
    alignClass(column),
    column.className ?? "",
  ].join(" ");

function Table<TRow>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  sort,
  testId,
  framed = true,
  captionVisible = false,
}: Pick<TStaffTableProps<TRow>, "label" | "captionVisible" | "columns" | "rows" | "rowKey" | "rowProps" | "sort" | "testId" | "framed">) {
  return (
    <div className={`md:overflow-x-auto ${framed ? "md:rounded-2xl md:border md:border-line md:bg-surface md:shadow-sm" : ""}`}>
      <table className="w-full text-left text-sm max-md:block" data-testid={testId}>
        <caption className={captionVisible ? "mb-2 text-left font-medium max-md:block" : "sr-only"}>{label}</caption>
        <thead className="border-b border-line bg-surface-2/60 max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.header} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">
          {rows.map((row) => {
            const extra = rowProps?.(row);
            return (
              <tr
                key={rowKey(row)}
                data-testid={extra?.["data-testid"]}
                className={`border-b border-line md:last:border-b-0 max-md:block max-md:rounded-xl max-md:border max-md:bg-surface max-md:p-4 max-md:shadow-sm ${extra?.className ?? ""}`}
              >
                {columns.map((column) => {
                  const props = {
                    className: cellClass(column),
                    "data-label": column.headerHidden || column.rowHeader ? undefined : column.header,
                  };
                  return column.rowHeader ? (
                    <th key={column.header} scope="row" {...props}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} {...props}>
                      {/* One box for the value, so a cell of several lines stays one column beside its label on a phone. */}
                      <div className="min-w-0">{column.cell(row)}</div>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A staff or admin list as a table: with `count` and `pages`, inside the list frame (count, sort links, CSV download,
 * empty state, pager); without, the table alone, or `empty` when there are no rows.
 */
export function StaffTable<TRow>(props: TStaffTableProps<TRow>) {
  const table = <Table {...props} />;
  if (props.count) {
    return (
      <StaffList count={props.count} empty={props.empty} pages={props.pages} sort={props.sort} download={props.download}>
        {table}
      </StaffList>
    );
  }
  if (props.rows.length === 0) return <div className="text-sm text-muted">{props.empty as ReactNode}</div>;
  return (
    <>
      {props.download ? <DownloadCsv href={props.download.href} /> : null}
      {table}
    </>
  );
}
