import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { emailOutbox } from "./schema";

/** Everything the outbox has handled, newest first: the local mailbox when no SMTP is configured. */
export async function listMailbox(limit = 50) {
  return getDb()
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      toEmail: emailOutbox.toEmail,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      provider: emailOutbox.provider,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}

export async function getMailboxMessage(id: number) {
  const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}
