import { z } from "zod";
import { refuse, succeed, type TFailure, type TResult } from "@domain/errors/app-error";

// Paging by cursor, the same for every list of the gateway (docs/product/api-gateway.md#lists): `limit` (1 to 100,
// 20 by default) and the `nextCursor` of the page before; each list answers `items` and `nextCursor` (null on the
// last page). A cursor is opaque to clients: the sort key of the last item, encoded.

export const API_PAGE_DEFAULT = 20;
export const API_PAGE_MAX = 100;

export const ZPageQuery = z.object({
  limit: z.coerce
    .number({ error: "limit is a number from 1 to 100" })
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(API_PAGE_MAX, `limit is at most ${API_PAGE_MAX}`)
    .default(API_PAGE_DEFAULT),
  cursor: z.string().max(200, "That cursor is not one this list gave").optional(),
});
export type TPageQuery = z.output<typeof ZPageQuery>;

/**
 * The schema of a list's answer, named `id` in the document: a page of `item`s and the `nextCursor` (null on the last
 * page), then what else the list says of itself (`more`: its total, how many are unread).
 */
export const ZPageOf = <TMore extends z.ZodRawShape = Record<never, never>>(id: string, item: z.ZodType, more?: TMore) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable(), ...(more as TMore) }).meta({ id });

/** The sort key of a page's last item as an opaque text. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/** The sort key a cursor carries, or null when it is not one of ours (or not of this shape: "s" text, "n" number). */
export function decodeCursor(cursor: string, shape: string): (string | number)[] | null {
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(key) || key.length !== shape.length) return null;
    const fits = key.every((v, i) => (shape[i] === "n" ? Number.isSafeInteger(v) : typeof v === "string" && v.length <= 100));
    return fits ? (key as (string | number)[]) : null;
  } catch {
    return null;
  }
}

/**
 * The number a list's cursor carries (a page, an id or a seq, depending on the list), null without a cursor; a cursor
 * the list did not give is refused on the `cursor` field.
 */
export function cursorNumber(cursor: string | undefined): TResult<{ after: number | null }> {
  if (!cursor) return succeed({ after: null });
  const key = decodeCursor(cursor, "n");
  return key ? succeed({ after: key[0] as number }) : refuse("invalid_input", "That cursor is not one this list gave", { field: "cursor" });
}

/** A page of `items` sorted by `keyOf`, from the rows after the cursor (fetch limit + 1 to know whether more follow). */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => (string | number)[]) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(keyOf(items[items.length - 1]!)) : null };
}

/**
 * The answer of a list kept in the order of a number (an order number, an id): `fetchAfter` reads up to limit + 1 rows
 * after the cursor's number (from the start without one), and the page answers the first `limit`, each shown by `view`,
 * with the cursor of the last; or the refusal of the cursor.
 */
export async function keysetAnswer<T>(
  query: unknown,
  fetchAfter: (after: number | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  view: (row: T) => unknown,
): Promise<{ status: 200; body: unknown } | TFailure> {
  const { limit, cursor } = query as TPageQuery;
  const read = cursorNumber(cursor);
  if (!read.ok) return read;
  return pageAnswer(succeed(pageOf(await fetchAfter(read.after, limit), limit, (row) => [keyOf(row)])), view);
}

/**
 * A page of a list the site pages by number (the store, the academy, the marketplace: their own pages, so the app
 * sees what the site shows), fetched with `fetchPage(n)` for the cursor's page. A page past the end is empty here,
 * where the site shows its last page.
 */
export async function numberedPage<T>(
  cursor: string | undefined,
  fetchPage: (page: number) => Promise<{ items: T[]; page: number; pageCount: number; total: number }>,
): Promise<TResult<{ items: T[]; nextCursor: string | null; total: number }>> {
  const read = cursorNumber(cursor);
  if (!read.ok) return read;
  const page = read.after ?? 1;
  const list = await fetchPage(page);
  const here = list.page === page;
  return succeed({
    items: here ? list.items : [],
    nextCursor: here && page < list.pageCount ? encodeCursor([page + 1]) : null,
    total: list.total,
  });
}

/**
 * A list's answer: the page (`items`, `nextCursor`, and `total` where the list counts) with each item shown by `view`,
 * or the refusal of its cursor.
 */
export function pageAnswer<TPage extends { ok: true; items: unknown[] }>(
  page: TFailure | TPage,
  view: (item: TPage["items"][number]) => unknown = (item) => item,
): { status: 200; body: unknown } | TFailure {
  if (!page.ok) return page;
  const { ok: _ok, items, ...rest } = page;
  return { status: 200, body: { items: items.map(view), ...rest } };
}

/** Query values that were given, as the site's pages read them. */
export const searchParamsOf = (values: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string"));
