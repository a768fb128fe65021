import { Link } from "react-router";
import { formatLagosDateLong } from "@domain/time/lagos-time";

/** Author and date, in Lagos time, with a machine-readable date. */
export function PostByline({ author, publishedAt }: { author: string; publishedAt: Date | string }) {
  return (
    <p className="text-sm text-muted">
      By <span className="font-medium text-fg">{author}</span> ·{" "}
      <time dateTime={new Date(publishedAt).toISOString()}>{formatLagosDateLong(publishedAt)}</time>
    </p>
  );
}

/** Tags as links to the list filtered by each. */
export function PostTags({ tags, label = "Tags" }: { tags: string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={`/blog?tag=${encodeURIComponent(tag)}`}
            className="inline-flex min-h-8 items-center rounded-full border border-line bg-surface-2 px-3 text-xs font-semibold hover:border-brand hover:text-brand"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
