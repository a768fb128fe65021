import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { newsletterSubscribers } from "../schema";
import { hashToken, unsubscribeTokenFor } from "./newsletter-tokens";

/**
 * A new account that ticked "send me the newsletter" and has just confirmed its address by e-mail:
 * that confirmation is the double opt-in, so the subscriber starts active. Runs in the caller's transaction.
 */
export async function subscribeConfirmedAccount(tx: DbOrTx, account: { email: string; userId: string; name?: string | null }) {
  const email = account.email.trim().toLowerCase();
  const active = { status: "active", confirmedAt: new Date(), unsubscribedAt: null, confirmTokenHash: null, userId: account.userId };
  const [existing] = await tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
    .for("update");
  if (existing) {
    await tx.update(newsletterSubscribers).set(active).where(eq(newsletterSubscribers.id, existing.id));
    return;
  }
  await tx.insert(newsletterSubscribers).values({
    ...active,
    email,
    name: account.name ?? null,
    source: "registration",
    unsubscribeTokenHash: hashToken(unsubscribeTokenFor(email)),
  });
}
