import { data, redirect } from "react-router";
import type { Route } from "./+types/callback";
import type { TConfirmOutcome } from "@server/payments/confirm-payment";
import { redirectWithFlash } from "~/http/form.server";
import { handlePaymentCallback } from "@server/payments/handle-payment-callback";
import { isOnlineProvider } from "@server/payments/providers/get-payment-provider";

// GET /payment/callback/paystack?reference=... and /payment/callback/flutterwave?status=&tx_ref=&transaction_id=
// The query only names the payment: the server verifies it with the provider, then shows the order.

const FLASH: Partial<Record<TConfirmOutcome, { type: "error" | "info"; title: string; description: string }>> = {
  failed: {
    type: "error",
    title: "Payment not completed",
    description: "Your payment was declined or cancelled, and nothing was charged. You can try again.",
  },
  pending: {
    type: "info",
    title: "Confirming your payment",
    description:
      "We are waiting for the payment provider to confirm your payment. This page shows it as soon as it does, and we will e-mail your receipt.",
  },
  mismatch: {
    type: "error",
    title: "Payment needs checking",
    description: "Your payment did not match the order total. Our team has been alerted and will contact you shortly.",
  },
  unknown: {
    type: "error",
    title: "Payment not found",
    description: "We could not find that payment. If you were charged, contact us with the payment reference.",
  },
};

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isOnlineProvider(params.provider)) throw data(null, { status: 404 });
  const result = await handlePaymentCallback(params.provider, new URL(request.url).searchParams);
  if (!result.ok)
    return redirectWithFlash("/client-dashboard", { type: "error", title: "Payment not confirmed", description: result.error.message });
  const to = result.orderId ? `/payment-success?order=${result.orderId}` : "/client-dashboard";
  const flash = FLASH[result.outcome];
  return flash ? redirectWithFlash(to, flash) : redirect(to);
}
