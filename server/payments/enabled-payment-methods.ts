import type { TPaymentMethod } from "@domain/orders/order-status";
import { env } from "../env";

/** Card providers are offered only when their keys are set; bank transfer and pay on delivery always work. */
export function enabledPaymentMethods(): TPaymentMethod[] {
  const methods: TPaymentMethod[] = [];
  if (env.PAYSTACK_SECRET_KEY) methods.push("paystack");
  if (env.FLUTTERWAVE_SECRET_KEY && env.FLUTTERWAVE_SECRET_HASH) methods.push("flutterwave");
  methods.push("bank_transfer", "pay_on_delivery");
  return methods;
}
