import { asc, eq, inArray } from "drizzle-orm";
import { MESSAGES_SHOWN, type TMessageView } from "@domain/marketplace/messages";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { messagePhotoUrl } from "./message-photos";
import { marketplaceMessages } from "./schema";

/** The messages of some parts of orders, oldest first (the latest 50 of each), as the viewer sees them. */
export async function listMessages(partIds: number[], viewerId: string): Promise<Map<number, TMessageView[]>> {
  if (partIds.length === 0) return new Map();
  const rows = await getDb()
    .select({
      id: marketplaceMessages.id,
      subOrderId: marketplaceMessages.subOrderId,
      senderUserId: marketplaceMessages.senderUserId,
      senderName: users.name,
      body: marketplaceMessages.body,
      small: marketplaceMessages.photoSmall,
      large: marketplaceMessages.photoLarge,
      width: marketplaceMessages.photoWidth,
      height: marketplaceMessages.photoHeight,
      createdAt: marketplaceMessages.createdAt,
    })
    .from(marketplaceMessages)
    .innerJoin(users, eq(users.id, marketplaceMessages.senderUserId))
    .where(inArray(marketplaceMessages.subOrderId, partIds))
    .orderBy(asc(marketplaceMessages.createdAt), asc(marketplaceMessages.id));
  const out = new Map<number, TMessageView[]>();
  for (const r of rows) {
    const list = out.get(r.subOrderId) ?? [];
    list.push({
      id: r.id,
      mine: r.senderUserId === viewerId,
      senderName: r.senderName,
      body: r.body,
      // Served by the route that checks the viewer is one of the two people (docs/product/marketplace.md#messages).
      photo:
        r.small && r.large && r.width && r.height
          ? { small: messagePhotoUrl(r.id, "small"), large: messagePhotoUrl(r.id, "large"), width: r.width, height: r.height }
          : null,
      createdAt: r.createdAt.toISOString(),
    });
    out.set(r.subOrderId, list);
  }
  for (const [id, list] of out) if (list.length > MESSAGES_SHOWN) out.set(id, list.slice(-MESSAGES_SHOWN));
  return out;
}
