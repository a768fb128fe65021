import { ONLINE_PAYMENT_METHODS } from "@domain/orders/order-status";
import { env } from "../../env";
import { createFlutterwaveProvider } from "./flutterwave";
import type { TOnlineProvider, TPaymentProvider } from "./payment-provider";
import { createPaystackProvider } from "./paystack";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";

/** The adapter for a card provider, configured from the environment; null when its keys are not set. */
export function findPaymentProvider(name: TOnlineProvider): TPaymentProvider | null {
  if (name === "paystack") {
    return env.PAYSTACK_SECRET_KEY
      ? createPaystackProvider({
          secretKey: env.PAYSTACK_SECRET_KEY,
          baseUrl: env.PAYSTACK_BASE_URL,
          transfers: env.PAYSTACK_TRANSFERS,
        })
      : null;
  }
  if (env.FLUTTERWAVE_SECRET_KEY && env.FLUTTERWAVE_SECRET_HASH) {
    return createFlutterwaveProvider({
      secretKey: env.FLUTTERWAVE_SECRET_KEY,
      secretHash: env.FLUTTERWAVE_SECRET_HASH,
      baseUrl: env.FLUTTERWAVE_BASE_URL,
    });
  }
  return null;
}

/** The adapter for a card provider, or what a customer reads when its keys are not set. */
export function getPaymentProvider(name: TOnlineProvider): TResult<{ provider: TPaymentProvider }> {
  const provider = findPaymentProvider(name);
  if (!provider)
    return refuse(
      "unavailable",
      `Payment by ${name === "paystack" ? "Paystack" : "Flutterwave"} is not available at the moment. Please choose another payment method.`,
    );
  return succeed({ provider });
}

export function isOnlineProvider(value: string): value is TOnlineProvider {
  return (ONLINE_PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The provider that pays marketplace payouts by transfer, when one is configured for it (PAYSTACK_TRANSFERS). */
export function findTransferProvider(): (TPaymentProvider & { transfers: NonNullable<TPaymentProvider["transfers"]> }) | null {
  const provider = findPaymentProvider("paystack");
  return provider?.transfers ? { ...provider, transfers: provider.transfers } : null;
}
