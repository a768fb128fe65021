import { and, eq, inArray } from "drizzle-orm";
import { courseSeat } from "../academy/course-purchasable";
import { storeVariant } from "../catalog/store-purchasable";
import type { DbOrTx, Tx } from "../db/client";
import { investmentPurchasable } from "../investments/investment-purchasable";
import { marketplaceListing } from "../marketplace/listing-purchasable";
import { planRenewal, walletTopUp } from "../zavcharge/wallet/zavcharge-purchasables";
import type { TPurchasableKind } from "./purchasable-kind";
import { orderItems } from "./schema";

// The kinds the site sells (docs/decisions/0013-one-cart-many-kinds.md). A new kind is one line here; its context
// implements TPurchasableKind. Read lazily: the kinds' modules import order code that reads this list.
const SOLD = (): TPurchasableKind[] => [storeVariant, courseSeat, walletTopUp, planRenewal, marketplaceListing, investmentPurchasable];

let registry: Map<string, TPurchasableKind> | null = null;

function kinds(): Map<string, TPurchasableKind> {
  registry ??= new Map(SOLD().map((k) => [k.kind, k]));
  return registry;
}

/** Adds a kind beside the listed ones (a test's made-up kind); a kind is registered once. */
export function registerPurchasableKind(kind: TPurchasableKind) {
  if (kinds().has(kind.kind)) throw new Error(`The purchasable kind "${kind.kind}" is registered already.`);
  kinds().set(kind.kind, kind);
}

/** Every kind, in the order checkout prices and locks them (store stock, then seats, then ZavCharge, then listings, then investment tiers). */
export const purchasableKinds = (): TPurchasableKind[] => [...kinds().values()];

/** The kind of a line; none for a kind withdrawn from the code. */
export const findPurchasableKind = (kind: string): TPurchasableKind | undefined => kinds().get(kind);

/** The kinds an order's lines (or some of its parts' lines) are of, in registration order. */
export async function kindsInOrder(db: DbOrTx, orderId: string, partIds?: number[]): Promise<TPurchasableKind[]> {
  if (partIds && partIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ kind: orderItems.kind })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), partIds ? inArray(orderItems.subOrderId, partIds) : undefined));
  const present = new Set(rows.map((r) => r.kind));
  return purchasableKinds().filter((k) => present.has(k.kind));
}

/** Whether every line's kind may be paid on delivery (the checkout offers the choice only then). */
export const payableOnDelivery = (lines: { kind: string }[]) =>
  lines.every((l) => findPurchasableKind(l.kind)?.payOnDeliveryRefusal === null);

/** The first reason a kind in the order (or in these parts of it) gives for refusing a refund, or null. */
export async function refundRefusalOf(tx: Tx, orderId: string, partIds?: number[]): Promise<string | null> {
  for (const kind of await kindsInOrder(tx, orderId, partIds)) {
    const refusal = await kind.refundRefusal?.(tx, { id: orderId }, partIds);
    if (refusal) return refusal;
  }
  return null;
}
