import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { at, atNow, mayReferTo, kobo } from "../db/columns";
import { mayReferToUser } from "../auth/schema";
import { orders, subOrders } from "../orders/schema";

/**
 * One row per try at paying an order, keyed by (provider, reference): our reference is what Paystack calls
 * `reference` and Flutterwave `tx_ref`. Bank transfer and pay on delivery get a row too when staff confirm.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    reference: text("reference").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    status: text("status").notNull().default("initiated"),
    checkoutUrl: text("checkout_url"),
    providerTransactionId: text("provider_transaction_id"),
    failureReason: text("failure_reason"),
    createdAt: atNow("created_at"),
    verifiedAt: at("verified_at"),
  },
  (t) => [
    unique("payment_attempts_provider_reference_unique").on(t.provider, t.reference),
    index("payment_attempts_order_idx").on(t.orderId),
    check("payment_attempts_status_check", sql`${t.status} in ('initiated', 'succeeded', 'failed', 'abandoned')`),
  ],
);

/** Every webhook delivery that passed its signature check, deduplicated by the provider's event key. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").notNull(),
    eventKey: text("event_key").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    outcome: text("outcome"),
    receivedAt: atNow("received_at"),
    processedAt: at("processed_at"),
  },
  (t) => [unique("webhook_events_provider_key_unique").on(t.provider, t.eventKey)],
);

/** Money sent back, through the provider's refund API for card payments or by hand for the others. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentAttemptId: uuid("payment_attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    /** A refund of one seller's part of the order (docs/product/marketplace.md#refunds); null for the whole order. */
    subOrderId: mayReferTo("sub_order_id", () => subOrders.id),
    provider: text("provider").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    status: text("status").notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    requestedBy: mayReferToUser("requested_by"),
    failureReason: text("failure_reason"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    check("refunds_status_check", sql`${t.status} in ('pending', 'processed', 'failed')`),
    check("refunds_amount_check", sql`${t.amountKobo} > 0`),
  ],
);
