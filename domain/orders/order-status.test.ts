import { describe, expect, it } from "vitest";
import {
  canTransition,
  nextStatuses,
  ORDER_STATUS_KEYS,
  PAYMENT_METHOD_KEYS,
  type TOrderStatus,
  type TPaymentMethod,
} from "./order-status";

// Every state x every move x every payment method, against the table in docs/product/store-and-orders.md.
// A move not listed here must be refused; a change to the state machine must change this table too.
const ALLOWED: Record<TOrderStatus, TOrderStatus[]> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["processing", "refunded"],
  processing: ["shipped", "refunded"],
  shipped: ["delivered"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

/** Pay on delivery's money arrives with the goods: it may start processing unpaid. */
function expected(from: TOrderStatus, to: TOrderStatus, method: TPaymentMethod): boolean {
  if (from === "pending_payment" && to === "processing") return method === "pay_on_delivery";
  return ALLOWED[from].includes(to);
}

const cases = ORDER_STATUS_KEYS.flatMap((from) =>
  ORDER_STATUS_KEYS.flatMap((to) => PAYMENT_METHOD_KEYS.map((method) => [from, to, method, expected(from, to, method)] as const)),
);

describe("the order state machine", () => {
  it("covers every state, move and payment method", () => {
    expect(cases).toHaveLength(7 * 7 * 4);
  });

  it.each(cases)("%s -> %s paid by %s: allowed %s", (from, to, method, allowed) => {
    expect(canTransition(from, to, method)).toBe(allowed);
    expect(nextStatuses(from, method).includes(to)).toBe(allowed);
  });

  it("never leaves cancelled or refunded, and a paid order is refunded, not cancelled", () => {
    for (const method of PAYMENT_METHOD_KEYS) {
      expect(nextStatuses("cancelled", method)).toEqual([]);
      expect(nextStatuses("refunded", method)).toEqual([]);
      for (const from of ["paid", "processing", "shipped", "delivered"] as const)
        expect(canTransition(from, "cancelled", method)).toBe(false);
    }
  });
});
