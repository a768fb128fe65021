import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The common half of the fake payment providers (tests/fakes/paystack.ts, flutterwave.ts): transactions in
// memory, a hosted checkout page with "Pay" and "Decline", webhook delivery, and a control API for tests.
// Each provider supplies its documented API (initialize, verify, refund), its redirect and its signed webhook.

export type TFakeOutcome = "success" | "failed" | "cancelled";

export type TFakeTransaction = {
  id: number;
  reference: string;
  accessCode: string;
  amountKobo: number;
  currency: string;
  email: string;
  callbackUrl: string;
  status: "pending" | TFakeOutcome;
  paidAt: string | null;
  createdAt: string;
  metadata: unknown;
};

export type TVerifyOverride = Partial<Pick<TFakeTransaction, "amountKobo" | "currency" | "reference">> & {
  status?: TFakeTransaction["status"];
};
export type TWebhook = { body: string; headers: Record<string, string> };
/** How our server answered a webhook: its status, body and request id (X-Request-Id, to find it in the logs). */
export type TDelivery = { status: number; body: string; requestId?: string | null };

export type TFakeState = {
  transactions: TFakeTransaction[];
  overrides: Map<string, TVerifyOverride>;
  refunds: { transactionId: number; amountKobo: number }[];
  /** Bank transfers sent through the API (Paystack's Transfers), by our reference. */
  transfers: TFakeTransfer[];
  /** API calls still to answer with a 500 (to test a provider that is down). */
  failNext: number;
  lastWebhook: TWebhook | null;
  /** The last webhook of each transaction, by reference, so journeys running side by side resend their own. */
  webhooks: Map<string, TWebhook>;
  deliveries: TDelivery[];
  nextId: number;
};

export type TFakeTransfer = {
  id: number;
  reference: string;
  transferCode: string;
  recipientCode: string;
  amountKobo: number;
  reason: string;
  status: "pending" | "success" | "failed" | "reversed";
};

export type TApiRequest = { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> };
export type TApiAnswer = { status: number; body: unknown };

export type TFakeSpec = {
  name: string;
  /** The provider's documented endpoints; null when the path is not one of them (404). */
  api(request: TApiRequest, ctx: TFakeContext): TApiAnswer | null;
  /** Where the hosted page sends the customer back, with the provider's query parameters. */
  returnUrl(tx: TFakeTransaction, outcome: TFakeOutcome): string;
  /** The event the provider posts for this outcome, or null when it sends none. */
  webhookEvent(tx: TFakeTransaction, outcome: TFakeOutcome): object | null;
  /** Headers that authenticate a webhook body; with `forged`, wrong ones. */
  signWebhook(body: string, forged: boolean): Record<string, string>;
};

export type TFakeOptions = { port?: number; host?: string; secretKey: string; webhookUrl?: string };

export type TFakeContext = {
  url: string;
  state: TFakeState;
  newTransaction(
    fields: Pick<TFakeTransaction, "reference" | "amountKobo" | "currency" | "email" | "callbackUrl" | "metadata">,
  ): TFakeTransaction;
  find(referenceOrId: string): TFakeTransaction | undefined;
  /** The transaction as verify reports it, with any override a test set. */
  asVerified(tx: TFakeTransaction): TFakeTransaction;
  /** Signs and posts an event to the webhook URL shortly after the current answer (as providers do), kept by key. */
  sendEventSoon(key: string, event: object): void;
};

export type TFakeProvider = TFakeContext & {
  /** Finishes a payment as the hosted page would: status, webhook (sent unless told not to), return URL. */
  complete(
    reference: string,
    outcome: TFakeOutcome,
    options?: { sendWebhook?: boolean },
  ): Promise<{ returnUrl: string; webhook: TWebhook | null; delivery: TDelivery | null }>;
  resendWebhook(options?: { forged?: boolean; reference?: string }): Promise<TDelivery | null>;
  override(reference: string, patch: TVerifyOverride): void;
  reset(): void;
  close(): Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A request body as the fakes read it: form-encoded or JSON; anything else is empty. */
export function parseBody(raw: string, type: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (type?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw));
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2 })}`;

function checkoutPage(spec: TFakeSpec, tx: TFakeTransaction): string {
  const done = tx.status !== "pending";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${spec.name} test checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.4rem;margin-right:.5rem}</style></head>
<body><main><h1>${spec.name} test checkout</h1><p>Pay <strong data-testid="amount">${naira(tx.amountKobo)}</strong> to Zavolah</p><p>Reference: <code>${escapeHtml(tx.reference)}</code><br>Customer: ${escapeHtml(tx.email)}</p>
${done ? `<p role="status">This payment is ${tx.status}.</p>` : `<form method="post"><button name="outcome" value="success">Pay</button><button name="outcome" value="failed">Decline</button><button name="outcome" value="cancelled">Cancel</button></form>`}
</main></body></html>`;
}

export async function startFakeProvider(spec: TFakeSpec, options: TFakeOptions): Promise<TFakeProvider> {
  const state: TFakeState = {
    transactions: [],
    overrides: new Map(),
    refunds: [],
    transfers: [],
    failNext: 0,
    lastWebhook: null,
    webhooks: new Map(),
    deliveries: [],
    nextId: 4_100_000,
  };
  let url = "";

  const ctx: TFakeContext = {
    get url() {
      return url;
    },
    state,
    newTransaction(fields) {
      const tx: TFakeTransaction = {
        ...fields,
        id: state.nextId++,
        accessCode: randomBytes(8).toString("hex"),
        status: "pending",
        paidAt: null,
        createdAt: new Date().toISOString(),
      };
      state.transactions.push(tx);
      return tx;
    },
    find: (key) => state.transactions.find((t) => t.reference === key || String(t.id) === key),
    asVerified(tx) {
      return { ...tx, ...state.overrides.get(tx.reference) };
    },
    sendEventSoon(key, event) {
      const body = JSON.stringify(event);
      const webhook = { body, headers: { "Content-Type": "application/json", ...spec.signWebhook(body, false) } };
      state.lastWebhook = webhook;
      state.webhooks.set(key, webhook);
      setTimeout(() => void deliver(webhook), 50);
    },
  };

  async function deliver(webhook: TWebhook): Promise<TDelivery | null> {
    if (!options.webhookUrl) return null;
    let delivery: TDelivery;
    try {
      const res = await fetch(options.webhookUrl, { method: "POST", headers: webhook.headers, body: webhook.body });
      delivery = { status: res.status, body: await res.text(), requestId: res.headers.get("x-request-id") };
    } catch (error) {
      delivery = { status: 0, body: (error as Error).message };
    }
    state.deliveries.push(delivery);
    return delivery;
  }

  async function complete(reference: string, outcome: TFakeOutcome, { sendWebhook = true } = {}) {
    const tx = ctx.find(reference);
    if (!tx) throw new Error(`${spec.name} fake: no transaction ${reference}`);
    if (tx.status === "pending") {
      tx.status = outcome;
      if (outcome === "success") tx.paidAt = new Date().toISOString();
    }
    const event = spec.webhookEvent(tx, outcome);
    let webhook: TWebhook | null = null;
    let delivery: TDelivery | null = null;
    if (event) {
      const body = JSON.stringify(event);
      webhook = { body, headers: { "Content-Type": "application/json", ...spec.signWebhook(body, false) } };
      state.lastWebhook = webhook;
      state.webhooks.set(tx.reference, webhook);
      if (sendWebhook) delivery = await deliver(webhook);
    }
    return { returnUrl: spec.returnUrl(tx, outcome), webhook, delivery };
  }

  async function resendWebhook({ forged = false, reference }: { forged?: boolean; reference?: string } = {}) {
    const last = reference ? (state.webhooks.get(reference) ?? null) : state.lastWebhook;
    if (!last) return null;
    return deliver(
      forged ? { body: last.body, headers: { "Content-Type": "application/json", ...spec.signWebhook(last.body, true) } } : last,
    );
  }

  const reset = () => {
    Object.assign(state, { transactions: [], refunds: [], transfers: [], failNext: 0, lastWebhook: null, deliveries: [] });
    state.overrides.clear();
    state.webhooks.clear();
  };

  async function control(path: string, body: Record<string, unknown>, res: ServerResponse) {
    const reference = String(body.reference ?? state.transactions.at(-1)?.reference ?? "");
    switch (path) {
      case "/__control/state":
        return json(res, 200, {
          transactions: state.transactions,
          refunds: state.refunds,
          transfers: state.transfers,
          deliveries: state.deliveries,
          lastWebhook: state.lastWebhook,
        });
      case "/__control/complete":
        return json(
          res,
          200,
          await complete(reference, (body.outcome as TFakeOutcome) ?? "success", { sendWebhook: body.sendWebhook !== false }),
        );
      case "/__control/resend-webhook":
        return json(res, 200, {
          delivery: await resendWebhook({ forged: body.forged === true, reference: body.reference ? String(body.reference) : undefined }),
        });
      case "/__control/override":
        state.overrides.set(reference, body.patch as TVerifyOverride);
        return json(res, 200, { ok: true });
      case "/__control/fail-next":
        state.failNext = Number(body.count ?? 1);
        return json(res, 200, { ok: true });
      case "/__control/reset":
        reset();
        return json(res, 200, { ok: true });
      default:
        return json(res, 404, { message: "unknown control" });
    }
  }

  const server = createServer(async (req, res) => {
    try {
      const target = new URL(req.url ?? "/", "http://fake");
      const raw = await readBody(req);
      const body = parseBody(raw, req.headers["content-type"]);
      const method = req.method ?? "GET";
      if (target.pathname === "/health") return json(res, 200, { ok: true });
      if (target.pathname.startsWith("/__control/")) return await control(target.pathname, body, res);

      const page = /^\/checkout\/([0-9a-f]+)$/.exec(target.pathname);
      if (page) {
        const tx = state.transactions.find((t) => t.accessCode === page[1]);
        if (!tx) return json(res, 404, { message: "Checkout not found" });
        if (method === "POST") {
          const { returnUrl } = await complete(tx.reference, (body.outcome as TFakeOutcome) ?? "failed");
          res.writeHead(302, { Location: returnUrl });
          return res.end();
        }
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(checkoutPage(spec, tx));
      }

      if (req.headers.authorization !== `Bearer ${options.secretKey}`) return json(res, 401, { status: false, message: "Invalid key" });
      if (state.failNext > 0) {
        state.failNext--;
        return json(res, 500, { status: false, message: "An error occurred (fake outage)" });
      }
      const answer = spec.api({ method, path: target.pathname, query: target.searchParams, body }, ctx);
      if (!answer) return json(res, 404, { status: false, message: "Not found" });
      return json(res, answer.status, answer.body);
    } catch (error) {
      json(res, 500, { message: (error as Error).message });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  url = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;

  return Object.assign(ctx, {
    complete,
    resendWebhook,
    override: (reference: string, patch: TVerifyOverride) => void state.overrides.set(reference, patch),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Amounts arrive as numbers or numeric strings; anything else is not an amount. */
export function readAmount(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
}
