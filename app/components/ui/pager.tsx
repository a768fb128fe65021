import { Link } from "react-router";
import { buttonClass } from "./styles";

/** Previous / "Page n of m" / Next under a paginated list; nothing when it fits on one page. */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClass.outline}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClass.outline}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
