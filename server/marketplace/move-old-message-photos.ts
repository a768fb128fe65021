import { eq, like, or } from "drizzle-orm";
import { getDb } from "../db/client";
import { log } from "../log";
import { moveOldMessagePhotoFile } from "./message-photos";
import { marketplaceMessages } from "./schema";

/**
 * Message photos stored before they were kept private sat in the public listings folder, open to anyone with the link
 * (docs/product/marketplace.md#messages): at start, each is moved into the private folder and its message pointed at
 * it. Nothing to do answers after one query; repeating it, or two processes at once, moves each file once.
 */
export async function moveOldMessagePhotos(): Promise<number> {
  const db = getDb();
  const old = await db
    .select({ id: marketplaceMessages.id, small: marketplaceMessages.photoSmall, large: marketplaceMessages.photoLarge })
    .from(marketplaceMessages)
    .where(or(like(marketplaceMessages.photoSmall, "/uploads/%"), like(marketplaceMessages.photoLarge, "/uploads/%")));
  for (const m of old) {
    const small = m.small ? ((await moveOldMessagePhotoFile(m.small)) ?? m.small) : null;
    const large = m.large ? ((await moveOldMessagePhotoFile(m.large)) ?? m.large) : null;
    await db.update(marketplaceMessages).set({ photoSmall: small, photoLarge: large }).where(eq(marketplaceMessages.id, m.id));
  }
  if (old.length) log.info({ messages: old.length }, "message photos moved out of the public folder");
  return old.length;
}
