import { data } from "react-router";
import type { Route } from "./+types/payment-webhook";
import { readRawJsonText } from "~/http/request-input.server";
import { handlePaymentWebhook } from "@server/payments/handle-webhook";
import { isOnlineProvider } from "@server/payments/providers/get-payment-provider";

// POST /api/webhooks/paystack and /api/webhooks/flutterwave. No cookie and no Origin: the provider's
// signature authenticates the call (guard.ts exempts /api/webhooks/ from the same-site check).

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!isOnlineProvider(params.provider)) throw data({ ok: false }, { status: 404 });
  // The signature covers the exact bytes sent: read them before anything parses the body.
  const rawBody = await readRawJsonText(request);
  const result = await handlePaymentWebhook(params.provider, rawBody, request.headers);
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}
