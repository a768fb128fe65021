import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { orders, subOrders } from "../orders/schema";
import { readMessagePhoto } from "./message-photos";
import { marketplaceMessages, sellers } from "./schema";

/**
 * A photo sent with a message (docs/product/marketplace.md#messages), for the two people of that conversation only: the
 * buyer of the order and the seller of the part. Anyone else, staff included, is told it does not exist, as they are
 * for a message that never was.
 */
export async function findMessagePhoto(
  viewer: TViewer,
  messageId: number,
  size: "small" | "large",
): Promise<TResult<{ bytes: Buffer; contentType: string; name: string }>> {
  const missing = refuse("not_found", "This photo does not exist.");
  const [row] = await getDb()
    .select({
      small: marketplaceMessages.photoSmall,
      large: marketplaceMessages.photoLarge,
      buyerId: orders.userId,
      sellerUserId: sellers.userId,
    })
    .from(marketplaceMessages)
    .innerJoin(subOrders, eq(subOrders.id, marketplaceMessages.subOrderId))
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(sellers, eq(sellers.id, subOrders.sellerId))
    .where(eq(marketplaceMessages.id, messageId));
  if (!row || (row.buyerId !== viewer.id && row.sellerUserId !== viewer.id)) return missing;
  const path = size === "small" ? row.small : row.large;
  const photo = path ? await readMessagePhoto(path) : null;
  if (!photo) return missing;
  return succeed({ ...photo, name: `message-${messageId}-${size === "small" ? 480 : 1200}.webp` });
}
