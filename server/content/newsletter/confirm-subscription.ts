import { and, eq, gt } from "drizzle-orm";
import { getDb } from "../../db/client";
import { publicUrl } from "../../env";
import { enqueueEmail } from "../../messaging/enqueue-email";
import { subscribedEmail } from "../../messaging/newsletter-emails";
import { newsletterSubscribers } from "../schema";
import { hashToken, unsubscribeUrlFor } from "./newsletter-tokens";

const CONFIRM_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export type TConfirmResult = { ok: true; email: string } | { ok: false };

/** Uses the link from the confirmation e-mail: the subscriber becomes active and gets the welcome e-mail. */
export async function confirmSubscription(token: string): Promise<TConfirmResult> {
  if (!token || token.length > 100) return { ok: false };
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: "active", confirmedAt: new Date(), confirmTokenHash: null })
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
          eq(newsletterSubscribers.status, "pending"),
          gt(newsletterSubscribers.confirmSentAt, new Date(Date.now() - CONFIRM_VALID_MS)),
        ),
      )
      .returning({ email: newsletterSubscribers.email });
    if (!row) return { ok: false as const };
    // The first marketing e-mail: it carries the unsubscribe link, and so the one-click unsubscribe headers.
    await enqueueEmail(tx, "newsletter-welcome", { email: row.email }, subscribedEmail(publicUrl(), unsubscribeUrlFor(row.email)), {
      marketing: true,
    });
    return { ok: true as const, email: row.email };
  });
}

/** Whether a confirmation link is still usable (the page asks for a click before confirming). */
export async function isConfirmTokenValid(token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await getDb()
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        eq(newsletterSubscribers.status, "pending"),
        gt(newsletterSubscribers.confirmSentAt, new Date(Date.now() - CONFIRM_VALID_MS)),
      ),
    );
  return Boolean(row);
}
