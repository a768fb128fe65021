/** One page of a list, with what the page's pager needs. */
export type TPageOf<T> = { rows: T[]; total: number; page: number; pageCount: number };

/**
 * The list pages' paging, in one place: count, clamp the asked-for page (a page past the end shows the last
 * one, an empty list is one empty page), then read that page's rows.
 */
export async function paginate<T>(
  requestedPage: number,
  pageSize: number,
  count: () => Promise<number>,
  rows: (window: { limit: number; offset: number }) => Promise<T[]>,
): Promise<TPageOf<T>> {
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  return { rows: await rows({ limit: pageSize, offset: (page - 1) * pageSize }), total, page, pageCount };
}
