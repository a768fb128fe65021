import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { newsletterSubscribers } from "../schema";
import { hashToken, isUnsubscribeTokenFor } from "./newsletter-tokens";

export type TUnsubscribeResult = { ok: true; email: string } | { ok: false };

/**
 * One click from any marketing e-mail: no sign-in, no questions. Repeating it is harmless. A link that also names the
 * address (a cart reminder to a customer who never subscribed) records the opt-out as a new unsubscribed row, so
 * campaigns and reminders skip the address from now on (docs/product/content.md#newsletter).
 */
export async function unsubscribeFromNewsletter(token: string, email?: string | null): Promise<TUnsubscribeResult> {
  if (!token || token.length > 100) return { ok: false };
  const db = getDb();
  const hash = hashToken(token);
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeTokenHash, hash));
  if (!row) {
    const address = email?.trim().toLowerCase() ?? "";
    if (!address || address.length > 254 || !isUnsubscribeTokenFor(token, address)) return { ok: false };
    const now = new Date();
    await db
      .insert(newsletterSubscribers)
      .values({ email: address, status: "unsubscribed", source: "unsubscribe", unsubscribedAt: now, unsubscribeTokenHash: hash })
      .onConflictDoNothing();
    return { ok: true, email: address };
  }
  if (row.status !== "unsubscribed") {
    await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date(), confirmTokenHash: null })
      .where(eq(newsletterSubscribers.id, row.id));
  }
  return { ok: true, email: row.email };
}
