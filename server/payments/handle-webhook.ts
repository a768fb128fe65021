import { and, eq, isNull } from "drizzle-orm";
import { isDatabaseUnreachable } from "../db/availability";
import { getDb } from "../db/client";
import { log } from "../log";
import { countWebhook, type TWebhookCount } from "../metrics/registry";
import { confirmPayment, type TConfirmOutcome } from "./confirm-payment";
import { payeeOfReference } from "./payees";
import { findPaymentProvider } from "./providers/get-payment-provider";
import type { TOnlineProvider } from "./providers/payment-provider";
import { webhookEvents } from "./schema";
import { verifyTransfer } from "./verify-transfer";

export type TWebhookResult = {
  status: 200 | 400 | 401;
  body: { ok: boolean; outcome: TConfirmOutcome | `transfer ${string}` | "duplicate" | "ignored" | "invalid" | "unauthorized" | "error" };
};

/**
 * A provider's webhook, from its raw body: the signature is checked first (401, nothing stored, when it is
 * wrong); the event is stored once under the provider's event key (a repeat answers 200 and changes
 * nothing, unless the first delivery's processing never finished: then the repeat applies it); a charge event is then confirmed with the provider's verify call, never from the body itself, and so
 * is a payout transfer's outcome, applied by its payee (docs/decisions/0044-payees.md).
 */
export async function handlePaymentWebhook(providerName: TOnlineProvider, rawBody: string, headers: Headers): Promise<TWebhookResult> {
  const result = await answerWebhook(providerName, rawBody, headers);
  countWebhook(providerName, webhookCount(result.body.outcome));
  return result;
}

/** What the metrics call an outcome (docs/operations.md#monitoring): a few fixed words, whatever the event said. */
function webhookCount(outcome: TWebhookResult["body"]["outcome"]): TWebhookCount {
  if (outcome === "unauthorized" || outcome === "invalid") return "refused";
  if (outcome === "duplicate" || outcome === "ignored" || outcome === "error") return outcome;
  if (outcome === "already_paid") return "duplicate";
  return outcome === "unknown" ? "ignored" : "applied";
}

async function answerWebhook(providerName: TOnlineProvider, rawBody: string, headers: Headers): Promise<TWebhookResult> {
  const provider = findPaymentProvider(providerName);
  if (!provider || !provider.authenticateWebhook(rawBody, headers)) {
    log.warn({ provider: providerName, configured: !!provider }, "webhook refused: bad or missing signature");
    return { status: 401, body: { ok: false, outcome: "unauthorized" } };
  }
  const event = provider.parseWebhook(rawBody);
  if (!event) return { status: 400, body: { ok: false, outcome: "invalid" } };

  const [inserted] = await getDb()
    .insert(webhookEvents)
    .values({ provider: provider.name, eventKey: event.eventKey, eventType: event.eventType, payload: JSON.parse(rawBody) })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventKey] })
    .returning({ id: webhookEvents.id });
  // A repeat of an event already applied changes nothing. A repeat of one stored but never applied (the instance that
  // stored it died before it finished, so the provider had no 200 and sent it again) is applied now: what follows is
  // idempotent (confirmPayment pays once under a row lock; a transfer's sync reads the provider's state).
  const stored =
    inserted ??
    (
      await getDb()
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(
          and(eq(webhookEvents.provider, provider.name), eq(webhookEvents.eventKey, event.eventKey), isNull(webhookEvents.processedAt)),
        )
    )[0];
  if (!stored) return { status: 200, body: { ok: true, outcome: "duplicate" } };

  let outcome: TWebhookResult["body"]["outcome"] = "ignored";
  if (event.eventType === provider.chargeEvent) {
    try {
      const result = await confirmPayment({
        provider,
        reference: event.reference,
        transactionId: event.transactionId,
        actorLabel: `${provider.label} webhook`,
      });
      outcome = result.outcome;
    } catch (error) {
      // The database away: not acknowledged (503, app/http/database-gone.server.ts), so the provider sends it again
      // and the stored, unprocessed event is applied then.
      if (isDatabaseUnreachable(error)) throw error;
      // Stored and acknowledged: a retry would be a duplicate, so the reconciler picks the payment up.
      log.error({ err: error, provider: provider.name, eventKey: event.eventKey }, "webhook processing failed");
      outcome = "error";
    }
  }
  if (event.reference && provider.transfers?.events.includes(event.eventType)) {
    // Our reference says whose transfer it is (docs/decisions/0044-payees.md): a seller's, a referrer's or an investor's.
    const payee = payeeOfReference(event.reference);
    if (!payee) log.warn({ provider: provider.name, reference: event.reference }, "transfer webhook for a reference we did not make");
    else
      try {
        const status = await verifyTransfer(payee, event.reference, `${provider.label} webhook`);
        outcome = status ? `transfer ${status}` : "ignored";
      } catch (error) {
        if (isDatabaseUnreachable(error)) throw error;
        // Stored and acknowledged: an admin's "Check with Paystack" settles it later.
        log.error({ err: error, provider: provider.name, eventKey: event.eventKey }, "transfer webhook processing failed");
        outcome = "error";
      }
  }
  // The first run to finish records the outcome (two deliveries at once may both have applied it: the second changed nothing).
  await getDb()
    .update(webhookEvents)
    .set({ outcome, processedAt: new Date() })
    .where(and(eq(webhookEvents.id, stored.id), isNull(webhookEvents.processedAt)));
  return { status: 200, body: { ok: true, outcome } };
}
