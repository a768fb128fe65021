import { Link } from "react-router";
import { buttonClass } from "./styles";

type TPaginationProps = {
  page: number;
  pageCount: number;
  /** The address of page n, with the list's other filters kept. */
  href: (n: number) => string;
  /** The navigation landmark's name, e.g. "Blog pages". */
  label: string;
  previousText?: string;
  nextText?: string;
};

/** Numbered page links with previous/next, as plain links so a list pages without JavaScript. Nothing when one page. */
export function Pagination({ page, pageCount, href, label, previousText = "Previous", nextText = "Next" }: TPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={buttonClass.outline}>
          {previousText}
        </Link>
      ) : null}
      <ul className="flex flex-wrap gap-1">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={`inline-flex h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold ${n === page ? "border-brand bg-brand text-brand-contrast" : "border-line bg-surface hover:bg-surface-2"}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={buttonClass.outline}>
          {nextText}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * How many a paged list holds and which of them this page shows, announced as they change: "No products found",
 * "3 products", "Showing 25-48 of 60 products". `noun` is the one and the many ("product", "products").
 */
export function ResultsSummary({
  total,
  page,
  perPage,
  shown,
  noun: [one, many],
}: {
  total: number;
  page: number;
  perPage: number;
  shown: number;
  noun: readonly [string, string];
}) {
  const first = (page - 1) * perPage + 1;
  return (
    <p className="mb-4 text-sm text-muted" role="status">
      {total === 0
        ? `No ${many} found`
        : total <= shown
          ? `${total} ${total === 1 ? one : many}`
          : `Showing ${first}-${first + shown - 1} of ${total} ${many}`}
    </p>
  );
}
