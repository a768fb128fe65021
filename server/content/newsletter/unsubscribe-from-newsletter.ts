import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { newsletterSubscribers } from "../schema";
import { hashToken } from "./newsletter-tokens";

export type TUnsubscribeResult = { ok: true; email: string } | { ok: false };

/** One click from any marketing e-mail: no sign-in, no questions. Repeating it is harmless. */
export async function unsubscribeFromNewsletter(token: string): Promise<TUnsubscribeResult> {
  if (!token || token.length > 100) return { ok: false };
  const db = getDb();
  const hash = hashToken(token);
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeTokenHash, hash));
  if (!row) return { ok: false };
  if (row.status !== "unsubscribed") {
    await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date(), confirmTokenHash: null })
      .where(eq(newsletterSubscribers.id, row.id));
  }
  return { ok: true, email: row.email };
}
