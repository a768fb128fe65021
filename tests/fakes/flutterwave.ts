import { readAmount, startFakeProvider, type TFakeOptions, type TFakeTransaction } from "./fake-provider";

// A local Flutterwave v3 (https://developer.flutterwave.com): POST /v3/payments (amounts in NAIRA), GET
// /v3/transactions/:id/verify and /v3/transactions/verify_by_reference?tx_ref=, POST
// /v3/transactions/:id/refund, a hosted page, and `charge.completed` webhooks carrying `verif-hash`.

const STATUS = { pending: "pending", success: "successful", failed: "failed", cancelled: "cancelled" } as const;

function transactionData(tx: TFakeTransaction) {
  const amount = tx.amountKobo / 100;
  return {
    id: tx.id,
    tx_ref: tx.reference,
    flw_ref: `FLW-MOCK-${tx.accessCode}`,
    device_fingerprint: "N/A",
    amount,
    currency: tx.currency,
    charged_amount: amount,
    app_fee: Math.round(amount * 1.4) / 100,
    merchant_fee: 0,
    processor_response: tx.status === "success" ? "Approved by Financial Institution" : "Declined",
    auth_model: "PIN",
    narration: "CARD Transaction ",
    status: STATUS[tx.status],
    payment_type: "card",
    created_at: tx.createdAt,
    customer: { email: tx.email },
  };
}

const notFound = { status: 400, body: { status: "error", message: "No transaction was found for this id", data: null } };

export function startFakeFlutterwave(options: TFakeOptions & { secretHash: string }) {
  return startFakeProvider(
    {
      name: "Flutterwave",
      api({ method, path, query, body }, ctx) {
        if (method === "POST" && path === "/v3/payments") {
          const amount = readAmount(body.amount);
          const customer = body.customer as { email?: unknown } | undefined;
          if (
            !amount ||
            typeof body.tx_ref !== "string" ||
            !body.tx_ref ||
            typeof body.redirect_url !== "string" ||
            typeof customer?.email !== "string"
          ) {
            return {
              status: 400,
              body: { status: "error", message: "tx_ref, amount, redirect_url and customer.email are required", data: null },
            };
          }
          if (ctx.find(body.tx_ref)) return { status: 400, body: { status: "error", message: "Duplicate tx_ref", data: null } };
          const tx = ctx.newTransaction({
            reference: body.tx_ref,
            amountKobo: Math.round(amount * 100),
            currency: String(body.currency ?? "NGN"),
            email: customer.email,
            callbackUrl: body.redirect_url,
            metadata: body.meta ?? null,
          });
          return {
            status: 200,
            body: { status: "success", message: "Hosted Link", data: { link: `${ctx.url}/checkout/${tx.accessCode}` } },
          };
        }
        // No transaction exists at Flutterwave until the customer tries to pay.
        const verified = (tx: TFakeTransaction | undefined) =>
          !tx || tx.status === "pending"
            ? notFound
            : {
                status: 200,
                body: { status: "success", message: "Transaction fetched successfully", data: transactionData(ctx.asVerified(tx)) },
              };
        const byId = /^\/v3\/transactions\/(\d+)\/verify$/.exec(path);
        if (method === "GET" && byId) return verified(ctx.state.transactions.find((t) => String(t.id) === byId[1]));
        if (method === "GET" && path === "/v3/transactions/verify_by_reference")
          return verified(ctx.state.transactions.find((t) => t.reference === query.get("tx_ref")));
        const refund = /^\/v3\/transactions\/(\d+)\/refund$/.exec(path);
        if (method === "POST" && refund) {
          const tx = ctx.state.transactions.find((t) => String(t.id) === refund[1]);
          if (!tx || tx.status !== "success") return notFound;
          const naira = body.amount === undefined ? tx.amountKobo / 100 : readAmount(body.amount);
          if (!naira || Math.round(naira * 100) > tx.amountKobo)
            return { status: 400, body: { status: "error", message: "Refund amount is more than the transaction amount", data: null } };
          ctx.state.refunds.push({ transactionId: tx.id, amountKobo: Math.round(naira * 100) });
          return {
            status: 200,
            body: {
              status: "success",
              message: "Transaction refund initiated",
              data: {
                id: 75_000 + ctx.state.refunds.length,
                account_id: 1,
                tx_id: tx.id,
                flw_ref: `URF_${Date.now()}`,
                wallet_id: 1,
                amount_refunded: naira,
                status: "completed",
                destination: "payment_source",
                meta: { source: "availablebalance" },
                created_at: new Date().toISOString(),
              },
            },
          };
        }
        return null;
      },
      returnUrl(tx, outcome) {
        const url = new URL(tx.callbackUrl);
        url.searchParams.set("status", outcome === "success" ? "successful" : outcome);
        url.searchParams.set("tx_ref", tx.reference);
        if (outcome !== "cancelled") url.searchParams.set("transaction_id", String(tx.id));
        return url.toString();
      },
      webhookEvent: (tx, outcome) =>
        outcome === "cancelled" ? null : { event: "charge.completed", data: transactionData(tx), "event.type": "CARD_TRANSACTION" },
      signWebhook: (_body, forged) => ({ "verif-hash": forged ? `${options.secretHash}-forged` : options.secretHash }),
    },
    options,
  );
}
