import { and, desc, eq, sql } from "drizzle-orm";
import { maskSecrets } from "@domain/messaging/mask-secrets";
import { getDb } from "../db/client";
import { outbox } from "./schema";
import { realEmailConfigured } from "./transports";

/**
 * Every e-mail the outbox has handled, newest first: the local mailbox when no real provider is configured.
 * `to` narrows it to one address (case-insensitive), so a customer's mail is found among a campaign's. Secrets in
 * subjects and errors are masked (docs/product/messaging.md#secrets-in-messages).
 */
export async function listMailbox({ to, limit = 50 }: { to?: string; limit?: number } = {}) {
  const rows = await getDb()
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
  return rows.map((r) => ({ ...r, subject: maskSecrets(r.subject), lastError: r.lastError === null ? null : maskSecrets(r.lastError) }));
}

/**
 * One e-mail. When real e-mail is configured the mailbox is only a delivery log, so codes, link tokens and signed
 * links are masked: an admin must not be able to take over an account with someone's reset link or PIN code. Without
 * a provider the mailbox is where the mail is delivered, and shows it whole.
 */
export async function getMailboxMessage(id: number, realEmail = realEmailConfigured()) {
  const [row] = await getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.channel, "email")));
  if (!row || !realEmail) return row ?? null;
  return { ...row, subject: maskSecrets(row.subject), text: maskSecrets(row.text), html: maskSecrets(row.html) };
}
