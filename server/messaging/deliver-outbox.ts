import { and, eq, inArray, lte, ne, sql } from "drizzle-orm";
import { maskSecrets } from "@domain/messaging/mask-secrets";
import { raiseAlert } from "../alerts/raise-alert";
import { unsubscribeUrlNamingAddress } from "../content/newsletter/newsletter-tokens";
import { getDb } from "../db/client";
import { env } from "../env";
import { log } from "../log";
import { sendThroughChain, type TChainResult, type TFailure } from "./delivery-chain";
import { outbox } from "./schema";
import type { TDelivery } from "./transports";

export const MAX_ATTEMPTS = 8;
export const NO_SMS_PROVIDER =
  "No SMS provider configured (set TERMII_API_KEY or the TWILIO_* variables); the message waits in the outbox.";

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min ... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
}

type TRow = typeof outbox.$inferSelect;

function send(delivery: TDelivery, msg: TRow): Promise<TChainResult> {
  const reference = String(msg.id);
  if (msg.channel === "sms") return sendThroughChain("SMS", delivery.sms, { reference, to: msg.recipient, text: msg.text });
  return sendThroughChain("Email", delivery.email, {
    reference,
    idempotencyKey: msg.idempotencyKey,
    to: msg.recipient,
    toName: msg.toName,
    from: msg.fromEmail ? { email: msg.fromEmail, name: msg.fromName } : delivery.mailFrom,
    subject: msg.subject,
    html: msg.html,
    text: msg.text,
    tags: msg.marketing ? [msg.kind, "marketing"] : [msg.kind],
    // The same signed link as the body's, naming the address so it works whether or not the person has a newsletter row.
    unsubscribeUrl: msg.marketing ? unsubscribeUrlNamingAddress(msg.recipient) : null,
  });
}

/** 401/403 (key refused) and 451 (refused for legal reasons) need a person: one open alert per provider and status. */
function alertFor(f: TFailure) {
  if (f.kind === "forbidden")
    return {
      type: "messaging",
      severity: "high" as const,
      title: `${f.label} refused our credentials (HTTP ${f.status})`,
      message: `${f.label} answered ${f.status}: the key is wrong or not allowed (authorised IPs, verified sender). Messages go through the next provider meanwhile. ${f.message}`,
      dedupeKey: `messaging:${f.provider}:forbidden`,
    };
  if (f.kind === "legal")
    return {
      type: "messaging",
      severity: "medium" as const,
      title: `${f.label} refused a message for legal reasons (HTTP 451)`,
      message: `${f.label} will not deliver a message (blocked recipient, region or content); it was tried on the next provider. Check the outbox. ${f.message}`,
      dedupeKey: `messaging:${f.provider}:legal`,
    };
  return null;
}

/**
 * SMS without a provider are not claimed: they keep their attempts and wait, queued, with a last error that
 * says why, until credentials are set. Returns how many are waiting.
 */
async function parkSmsWithoutProvider(): Promise<number> {
  const marked = await getDb()
    .update(outbox)
    .set({ lastError: NO_SMS_PROVIDER })
    .where(and(eq(outbox.channel, "sms"), eq(outbox.status, "queued"), sql`${outbox.lastError} is distinct from ${NO_SMS_PROVIDER}`))
    .returning({ id: outbox.id });
  if (marked.length > 0) log.warn({ count: marked.length }, "SMS queued but no SMS provider is configured; they stay in the outbox");
  return marked.length;
}

/**
 * Claims due messages in a short transaction (SKIP LOCKED, so several instances never send one twice),
 * sends each through its channel's providers outside it, then records the result. A message every provider
 * refused stays queued with the error of docs/product/messaging.md#providers and is tried again after the back-off (or the longest
 * Retry-After a provider asked for). Returns how many were sent.
 */
export async function deliverDueMessages(delivery: TDelivery, limit = 20): Promise<number> {
  const db = getDb();
  const smsReady = delivery.sms.length > 0;
  if (!smsReady) await parkSmsWithoutProvider();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      // The database's clock, not ours: next_attempt_at defaults to now() in microseconds, and a JS Date
      // (milliseconds) taken in the same millisecond would read as earlier and skip a message just queued.
      .where(and(eq(outbox.status, "queued"), lte(outbox.nextAttemptAt, sql`now()`), smsReady ? undefined : ne(outbox.channel, "sms")))
      .orderBy(outbox.id)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        status: "sending",
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: new Date(Date.now() + env.OUTBOX_SENDING_LEASE_SECONDS * 1000),
      })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });

  let sent = 0;
  for (const msg of claimed) {
    const result = await send(delivery, msg);
    const alerts = result.failures.map(alertFor).filter((a) => a !== null);
    for (const f of result.failures)
      log.warn({ id: msg.id, provider: f.provider, status: f.status, error: maskSecrets(f.message) }, `${msg.channel} provider failed`);
    await db.transaction(async (tx) => {
      for (const alert of alerts) await raiseAlert(tx, alert);
      if (result.ok) {
        await tx
          .update(outbox)
          .set({ status: "sent", provider: result.provider, providerMessageId: result.messageId, sentAt: new Date(), lastError: null })
          .where(eq(outbox.id, msg.id));
        return;
      }
      const giveUp = msg.attempts >= MAX_ATTEMPTS;
      const wait = Math.max(retryDelayMs(msg.attempts), result.retryAfterMs ?? 0);
      log.warn(
        { id: msg.id, attempts: msg.attempts, error: maskSecrets(result.error) },
        giveUp ? "message failed for good" : "message failed; will retry",
      );
      await tx
        .update(outbox)
        .set({ status: giveUp ? "failed" : "queued", lastError: result.error, nextAttemptAt: new Date(Date.now() + wait) })
        .where(eq(outbox.id, msg.id));
    });
    if (result.ok) sent++;
  }
  return sent;
}

/** A worker that died mid-send leaves rows in "sending"; after their lease they are queued again. */
export async function requeueStuckMessages(): Promise<number> {
  const rows = await getDb()
    .update(outbox)
    .set({ status: "queued" })
    .where(and(eq(outbox.status, "sending"), lte(outbox.nextAttemptAt, sql`now()`)))
    .returning({ id: outbox.id });
  return rows.length;
}
