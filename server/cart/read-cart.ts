import { asc, eq, sql } from "drizzle-orm";
import { EMPTY_CART_SUMMARY, type TCart, type TCartLine, type TCartOwner, type TCartSummary, type TLineTarget } from "@domain/cart/cart";
import { getDb, type DbOrTx } from "../db/client";
import type { TPurchasableKind } from "../orders/purchasable-kind";
import { purchasableKinds } from "../orders/purchasable-kinds";
import { LINE_TARGET_COLUMNS, lineRefOf } from "./cart-line-value";
import { cartOwnerCondition, findCartId } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

export type { TCart, TCartLine, TCartOwner };

/**
 * The lines of one cart, oldest first, each as its kind describes it now: display fields, current price and what may
 * be bought (docs/decisions/0013-one-cart-many-kinds.md). A line its kind no longer sells is left out.
 */
export async function readCartLines(cartId: string, db: DbOrTx = getDb()): Promise<TCartLine[]> {
  const rows = await db
    .select({ id: cartItems.id, addedAt: cartItems.addedAt, kind: cartItems.kind, quantity: cartItems.quantity, ...LINE_TARGET_COLUMNS })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  const described = new Map<number, TCartLine>();
  for (const kind of purchasableKinds()) {
    const mine = rows.filter((r) => r.kind === kind.kind).map(({ addedAt: _addedAt, ...row }) => row);
    if (mine.length === 0) continue;
    for (const [id, line] of await kind.describe(db, mine)) described.set(id, { ...line, formField: formFieldOf(kind, line) });
  }
  return rows.flatMap((r) => described.get(r.id) ?? []);
}

/** The field naming a line to /cart/update: its kind's own field ("variantId=12"), else "line=<kind>:<ref>". */
function formFieldOf(kind: TPurchasableKind, line: TLineTarget): TCartLine["formField"] {
  const ref = lineRefOf(kind, line);
  return kind.cartForm ? { name: kind.cartForm.field, value: ref } : { name: "line", value: `${kind.kind}:${ref}` };
}

/** The visitor's cart as checkout and the /cart page see it (contract in store-plan.md). */
export async function readCart(owner: TCartOwner, db: DbOrTx = getDb()): Promise<TCart> {
  const cartId = await findCartId(owner, db);
  if (!cartId) return { cartId: null, lines: [], ...EMPTY_CART_SUMMARY };
  const lines = await readCartLines(cartId, db);
  return {
    cartId,
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    totalKobo: lines.reduce((n, l) => n + l.quantity * l.unitPriceKobo, 0),
  };
}

/** Count and total only, in one query, for the floating panel on every page; none for a visitor without ids. */
export async function readCartSummary(owner: TCartOwner, db: DbOrTx = getDb()): Promise<TCartSummary> {
  const where = cartOwnerCondition(owner);
  if (!where) return EMPTY_CART_SUMMARY;
  // Each line's price from its own kind's table in a small subquery (the kind's cartUnitPrice), not through a join of
  // every kind's tables: this statement runs for every signed-in request, and PostgreSQL plans it each time; planning
  // the six-table join cost 1.7-4 ms on PGlite, the subqueries about 1 ms
  // (docs/performance.md#where-a-dashboard-requests-time-goes-2026-11-29-afternoon). A CASE runs only the
  // line's own kind's subquery.
  const priced = purchasableKinds().filter((k) => k.cartUnitPrice);
  const unitPrice = sql`coalesce(case ${cartItems.kind} ${sql.join(
    priced.map((k) => sql`when ${k.kind} then ${k.cartUnitPrice!()}`),
    sql` `,
  )} else ${cartItems.amountKobo} end, 0)`;
  const [row] = await db
    .select({
      itemCount: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int`,
      totalKobo: sql<string>`coalesce(sum(${cartItems.quantity}::bigint * ${unitPrice}), 0)::bigint`,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(where);
  return { itemCount: Number(row?.itemCount ?? 0), totalKobo: Number(row?.totalKobo ?? 0) };
}
