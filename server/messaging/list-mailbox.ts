import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { env } from "../env";
import { outbox } from "./schema";

/** Everything the outbox has handled, newest first: the local mailbox when no SMTP is configured. */
export async function listMailbox(limit = 50) {
  return getDb()
    .select({
      id: outbox.id,
      kind: outbox.kind,
      recipient: outbox.recipient,
      subject: outbox.subject,
      status: outbox.status,
      provider: outbox.provider,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/**
 * One message. When real e-mail is configured the mailbox is only a delivery log, so sign-in links are
 * hidden: an admin must not be able to take over an account with someone's reset link.
 */
export async function getMailboxMessage(id: number, smtpConfigured = Boolean(env.SMTP_URL)) {
  const [row] = await getDb().select().from(outbox).where(eq(outbox.id, id));
  if (!row || !smtpConfigured) return row ?? null;
  const hide = (v: string) => v.replace(/token=[^\s&"'<]+/g, "token=[hidden]");
  return { ...row, text: hide(row.text), html: hide(row.html) };
}
