import { createHmac } from "node:crypto";
import { readAmount, startFakeProvider, type TFakeOptions, type TFakeTransaction, type TFakeTransfer } from "./fake-provider";

// A local Paystack (https://paystack.com/docs/api): POST /transaction/initialize (kobo), GET
// /transaction/verify/:reference, POST /refund, bank resolve, transfers, a hosted checkout page, and `charge.success` webhooks signed
// with x-paystack-signature = hex HMAC-SHA512 of the body keyed by the secret key.

const STATUS = { pending: "abandoned", success: "success", failed: "failed", cancelled: "abandoned" } as const;
const GATEWAY = {
  pending: "The transaction was not completed",
  success: "Successful",
  failed: "Declined",
  cancelled: "The transaction was not completed",
} as const;

function transactionData(tx: TFakeTransaction) {
  return {
    id: tx.id,
    domain: "test",
    status: STATUS[tx.status],
    reference: tx.reference,
    amount: tx.amountKobo,
    gateway_response: GATEWAY[tx.status],
    paid_at: tx.paidAt,
    created_at: tx.createdAt,
    channel: "card",
    currency: tx.currency,
    metadata: tx.metadata,
    customer: { email: tx.email },
  };
}

function transferData(t: TFakeTransfer) {
  return {
    id: t.id,
    domain: "test",
    amount: t.amountKobo,
    currency: "NGN",
    reference: t.reference,
    source: "balance",
    reason: t.reason,
    status: t.status,
    transfer_code: t.transferCode,
    recipient: { recipient_code: t.recipientCode, type: "nuban" },
  };
}

const NAMES = [
  "ADAEZE NWOSU",
  "TUNDE BAKARE",
  "HALIMA BELLO",
  "EMEKA OKONKWO",
  "FOLAKE ADEBAYO",
  "IBRAHIM SANI",
  "NGOZI EZE",
  "SEUN OGUNLEYE",
];

/** The same account number always resolves to the same name. */
export function fakeAccountName(accountNumber: string): string {
  return NAMES[Number(accountNumber.slice(-3)) % NAMES.length]!;
}

export function signPaystack(secretKey: string, body: string): string {
  return createHmac("sha512", secretKey).update(body).digest("hex");
}

export function startFakePaystack(options: TFakeOptions) {
  return startFakeProvider(
    {
      name: "Paystack",
      api({ method, path, query, body }, ctx) {
        if (method === "POST" && path === "/transaction/initialize") {
          const amount = readAmount(body.amount);
          if (!amount || !Number.isInteger(amount)) return { status: 400, body: { status: false, message: "Invalid Amount Sent" } };
          if (typeof body.email !== "string" || !body.email.includes("@"))
            return { status: 400, body: { status: false, message: "Invalid Email Address Passed" } };
          const reference = typeof body.reference === "string" && body.reference ? body.reference : `T${Date.now()}`;
          if (!/^[A-Za-z0-9.=-]+$/.test(reference))
            return { status: 400, body: { status: false, message: "Invalid transaction reference" } };
          if (ctx.find(reference)) return { status: 400, body: { status: false, message: "Duplicate Transaction Reference" } };
          const tx = ctx.newTransaction({
            reference,
            amountKobo: amount,
            currency: String(body.currency ?? "NGN"),
            email: body.email,
            callbackUrl: String(body.callback_url ?? ""),
            metadata: body.metadata ?? null,
          });
          return {
            status: 200,
            body: {
              status: true,
              message: "Authorization URL created",
              data: { authorization_url: `${ctx.url}/checkout/${tx.accessCode}`, access_code: tx.accessCode, reference },
            },
          };
        }
        // GET /bank/resolve: the name a bank holds for a NUBAN. Accounts ending in 0000 do not exist here.
        if (method === "GET" && path === "/bank/resolve") {
          const number = query.get("account_number") ?? "";
          const bank = query.get("bank_code") ?? "";
          if (!/^\d{10}$/.test(number) || !bank || number.endsWith("0000"))
            return { status: 422, body: { status: false, message: "Could not resolve account name. Check parameters or try again." } };
          return {
            status: 200,
            body: {
              status: true,
              message: "Account number resolved",
              data: { account_number: number, account_name: fakeAccountName(number), bank_id: 9 },
            },
          };
        }
        const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
        if (method === "GET" && verify) {
          const tx = ctx.find(decodeURIComponent(verify[1]!));
          if (!tx) return { status: 400, body: { status: false, message: "Transaction reference not found" } };
          return { status: 200, body: { status: true, message: "Verification successful", data: transactionData(ctx.asVerified(tx)) } };
        }
        if (method === "POST" && path === "/refund") {
          const tx = ctx.find(String(body.transaction ?? ""));
          if (!tx) return { status: 404, body: { status: false, message: "Transaction not found" } };
          if (tx.status !== "success")
            return { status: 400, body: { status: false, message: "Cannot refund a transaction that was not successful" } };
          const amount = body.amount === undefined ? tx.amountKobo : readAmount(body.amount);
          const refunded = ctx.state.refunds.filter((r) => r.transactionId === tx.id).reduce((sum, r) => sum + r.amountKobo, 0);
          if (!amount || amount + refunded > tx.amountKobo)
            return { status: 400, body: { status: false, message: "Refund amount cannot be more than the transaction amount" } };
          ctx.state.refunds.push({ transactionId: tx.id, amountKobo: amount });
          return {
            status: 200,
            body: {
              status: true,
              message: "Refund has been queued for processing",
              data: {
                transaction: transactionData(tx),
                integration: 1,
                deducted_amount: 0,
                channel: null,
                merchant_note: null,
                customer_note: null,
                status: "pending",
                refunded_by: "fake",
                expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
                currency: tx.currency,
                domain: "test",
                amount,
                fully_deducted: false,
                id: 9_000_000 + ctx.state.refunds.length,
                createdAt: new Date().toISOString(),
              },
            },
          };
        }
        // Transfers (https://paystack.com/docs/transfers): a recipient per bank account, then a transfer from the
        // balance, answered "pending" and settled by a transfer.success webhook a moment later. Accounts ending in
        // 9999 are refused by their bank here (transfer.failed).
        if (method === "POST" && path === "/transferrecipient") {
          const number = String(body.account_number ?? "");
          if (body.type !== "nuban" || !/^\d{10}$/.test(number) || !body.bank_code || !body.name)
            return { status: 400, body: { status: false, message: "Invalid recipient details" } };
          return {
            status: 201,
            body: {
              status: true,
              message: "Transfer recipient created successfully",
              data: { recipient_code: `RCP_${number}_${String(body.bank_code)}`, type: "nuban", name: body.name, currency: "NGN" },
            },
          };
        }
        if (method === "POST" && path === "/transfer") {
          const amount = readAmount(body.amount);
          const reference = String(body.reference ?? "");
          const recipient = /^RCP_(\d{10})_/.exec(String(body.recipient ?? ""));
          if (body.source !== "balance") return { status: 400, body: { status: false, message: "Invalid transfer source" } };
          if (!amount || !Number.isInteger(amount)) return { status: 400, body: { status: false, message: "Invalid amount" } };
          if (!recipient) return { status: 400, body: { status: false, message: "Recipient specified is invalid" } };
          if (!/^[a-z0-9_-]{16,50}$/.test(reference))
            return { status: 400, body: { status: false, message: "Invalid transfer reference" } };
          if (ctx.state.transfers.some((t) => t.reference === reference))
            return { status: 400, body: { status: false, message: "Duplicate Transfer Reference" } };
          const transfer = {
            id: ctx.state.nextId++,
            reference,
            transferCode: `TRF_${reference.slice(-8)}${ctx.state.transfers.length + 1}`,
            recipientCode: String(body.recipient),
            amountKobo: amount,
            reason: String(body.reason ?? ""),
            status: "pending" as const,
          };
          ctx.state.transfers.push(transfer);
          const outcome = recipient[1]!.endsWith("9999") ? "failed" : "success";
          setTimeout(() => {
            Object.assign(transfer, { status: outcome });
            ctx.sendEventSoon(reference, { event: `transfer.${outcome}`, data: transferData(transfer) });
          }, 50);
          return { status: 200, body: { status: true, message: "Transfer has been queued", data: transferData(transfer) } };
        }
        const transferVerify = /^\/transfer\/verify\/(.+)$/.exec(path);
        if (method === "GET" && transferVerify) {
          const transfer = ctx.state.transfers.find((t) => t.reference === decodeURIComponent(transferVerify[1]!));
          if (!transfer) return { status: 404, body: { status: false, message: "Transfer not found" } };
          return { status: 200, body: { status: true, message: "Transfer retrieved", data: transferData(transfer) } };
        }
        return null;
      },
      returnUrl(tx) {
        const url = new URL(tx.callbackUrl);
        url.searchParams.set("trxref", tx.reference);
        url.searchParams.set("reference", tx.reference);
        return url.toString();
      },
      webhookEvent: (tx, outcome) => (outcome === "success" ? { event: "charge.success", data: transactionData(tx) } : null),
      signWebhook: (body, forged) => ({
        "x-paystack-signature": signPaystack(forged ? `${options.secretKey}-forged` : options.secretKey, body),
      }),
    },
    options,
  );
}
