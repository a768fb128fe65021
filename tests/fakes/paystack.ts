import { createHmac } from "node:crypto";
import { readAmount, startFakeProvider, type TFakeOptions, type TFakeTransaction } from "./fake-provider";

// A local Paystack (https://paystack.com/docs/api): POST /transaction/initialize (kobo), GET
// /transaction/verify/:reference, POST /refund, a hosted checkout page, and `charge.success` webhooks signed
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
