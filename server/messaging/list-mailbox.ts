import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { outbox } from "./schema";
import { realEmailConfigured } from "./transports";

/**
 * Every e-mail the outbox has handled, newest first: the local mailbox when no real provider is configured.
 * `to` narrows it to one address (case-insensitive), so a customer's mail is found among a campaign's.
 */
export async function listMailbox({ to, limit = 50 }: { to?: string; limit?: number } = {}) {
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
    .where(and(eq(outbox.channel, "email"), to ? sql`lower(${outbox.recipient}) = lower(${to})` : undefined))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/**
 * One e-mail. When real e-mail is configured the mailbox is only a delivery log, so sign-in links are
 * hidden: an admin must not be able to take over an account with someone's reset link.
 */
export async function getMailboxMessage(id: number, realEmail = realEmailConfigured()) {
  const [row] = await getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.channel, "email")));
  if (!row || !realEmail) return row ?? null;
  const hide = (v: string) => v.replace(/token=[^\s&"'<]+/g, "token=[hidden]");
  return { ...row, text: hide(row.text), html: hide(row.html) };
}
