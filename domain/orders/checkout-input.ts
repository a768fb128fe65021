import { z } from "zod";
import { requiredText } from "../text/text-input";
import { isNigerianState } from "../nigeria/states";
import { DELIVERY_METHODS, type TDeliveryMethod } from "./order-pricing";
import { PAYMENT_METHODS, type TPaymentMethod } from "./order-status";
import { ZNigerianPhone } from "../nigeria/phone-input";

// The checkout form: delivery address, delivery method and payment method. Prices never come from here:
// the server computes them; `expectedTotalKobo` is only what the customer saw, to catch a price change.

const text = (label: string, min: number, max: number) =>
  requiredText(min, max, `Please enter your ${label}`, `Your ${label} must be at most ${max} characters`);

export const ZCheckout = z.object({
  fullName: text("full name", 2, 100),
  phone: ZNigerianPhone,
  addressLine: text("street address", 5, 200),
  city: text("LGA or city", 2, 80),
  state: z.string({ error: "Please choose your state" }).refine(isNigerianState, "Please choose your state"),
  deliveryMethod: z.enum(Object.keys(DELIVERY_METHODS) as [TDeliveryMethod, ...TDeliveryMethod[]], {
    error: "Please choose a delivery method",
  }),
  paymentMethod: z.enum(Object.keys(PAYMENT_METHODS) as [TPaymentMethod, ...TPaymentMethod[]], { error: "Please choose how to pay" }),
  checkoutKey: z.string().uuid("This checkout form has expired. Reload the page and try again."),
  expectedTotalKobo: z.coerce.number().int().positive().optional(),
});
export type TCheckout = z.infer<typeof ZCheckout>;

/** How long an unpaid order holds its stock: long enough for a bank transfer to arrive. */
export const RESERVATION_HOURS: Record<TPaymentMethod, number> = {
  paystack: 24,
  flutterwave: 24,
  bank_transfer: 72,
  pay_on_delivery: 7 * 24,
};
