import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { log } from "../log";
import { outbox } from "./schema";
import type { TTransport } from "./transports";

export const MAX_ATTEMPTS = 8;
const STUCK_AFTER_MS = 5 * 60_000;

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min ... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
}

/**
 * Claims due messages in a short transaction (SKIP LOCKED, so several instances never send one twice),
 * sends them outside it, then records the result. Returns how many were sent.
 */
export async function deliverDueEmails(transport: TTransport, limit = 20): Promise<number> {
  const db = getDb();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, "queued"), lte(outbox.nextAttemptAt, new Date())))
      .orderBy(outbox.id)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({ status: "sending", attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(Date.now() + STUCK_AFTER_MS) })
      .where(inArray(outbox.id, due.map((d) => d.id)))
      .returning();
  });

  let sent = 0;
  for (const msg of claimed) {
    try {
      const { messageId } = await transport.send({ to: msg.recipient, toName: msg.toName, subject: msg.subject, html: msg.html, text: msg.text });
      await db
        .update(outbox)
        .set({ status: "sent", provider: transport.name, providerMessageId: messageId, sentAt: new Date(), lastError: null })
        .where(eq(outbox.id, msg.id));
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = msg.attempts >= MAX_ATTEMPTS;
      log.warn({ id: msg.id, attempts: msg.attempts, error: message }, giveUp ? "e-mail failed for good" : "e-mail failed; will retry");
      await db
        .update(outbox)
        .set({ status: giveUp ? "failed" : "queued", lastError: message, provider: transport.name, nextAttemptAt: new Date(Date.now() + retryDelayMs(msg.attempts)) })
        .where(eq(outbox.id, msg.id));
    }
  }
  return sent;
}

/** A worker that died mid-send leaves rows in "sending"; after their lease they are queued again. */
export async function requeueStuckEmails(): Promise<number> {
  const rows = await getDb()
    .update(outbox)
    .set({ status: "queued" })
    .where(and(eq(outbox.status, "sending"), lte(outbox.nextAttemptAt, new Date())))
    .returning({ id: outbox.id });
  return rows.length;
}
