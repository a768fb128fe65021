// The order state machine (research/commerce.md, after Vendure's OrderProcess). One table says which
// moves are allowed; server/orders/transition-order.ts is the only writer of orders.status.

export const ORDER_STATUSES = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
} as const;
export type TOrderStatus = keyof typeof ORDER_STATUSES;
export const ORDER_STATUS_KEYS = Object.keys(ORDER_STATUSES) as TOrderStatus[];

export const PAYMENT_METHODS = {
  paystack: "Card, bank or USSD (Paystack)",
  flutterwave: "Card, bank or USSD (Flutterwave)",
  bank_transfer: "Bank transfer",
  pay_on_delivery: "Pay on delivery",
} as const;
export type TPaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_KEYS = Object.keys(PAYMENT_METHODS) as TPaymentMethod[];
export const ONLINE_PAYMENT_METHODS = ["paystack", "flutterwave"] as const satisfies TPaymentMethod[];

const TRANSITIONS: Record<TOrderStatus, TOrderStatus[]> = {
  pending_payment: ["paid", "processing", "cancelled"],
  paid: ["processing", "refunded"],
  processing: ["shipped", "refunded"],
  shipped: ["delivered"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

/**
 * Whether an order may move from one status to another. Skipping payment (pending_payment -> processing)
 * is only for pay on delivery, whose money arrives with the goods; a paid order is refunded, not cancelled.
 */
export function canTransition(from: TOrderStatus, to: TOrderStatus, paymentMethod: TPaymentMethod): boolean {
  if (!TRANSITIONS[from].includes(to)) return false;
  if (from === "pending_payment" && to === "processing") return paymentMethod === "pay_on_delivery";
  return true;
}

export function nextStatuses(from: TOrderStatus, paymentMethod: TPaymentMethod): TOrderStatus[] {
  return TRANSITIONS[from].filter((to) => canTransition(from, to, paymentMethod));
}

/** People read order numbers, not ids. */
export function formatOrderNumber(n: number): string {
  return `ZV-${n}`;
}
