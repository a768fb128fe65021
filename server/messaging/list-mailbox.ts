import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { env } from "../env";
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

/**
 * One message. When real e-mail is configured the mailbox is only a delivery log, so sign-in links are
 * hidden: an admin must not be able to take over an account with someone's reset link.
 */
export async function getMailboxMessage(id: number, smtpConfigured = Boolean(env.SMTP_URL)) {
  const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row || !smtpConfigured) return row ?? null;
  const hide = (v: string) => v.replace(/token=[^\s&"'<]+/g, "token=[hidden]");
  return { ...row, text: hide(row.text), html: hide(row.html) };
}
