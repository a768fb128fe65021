import { formatOrderNumber, type TOrderStatus } from "../orders/order-status";
import type { TMessageView } from "./messages";

// A seller's part of an order (docs/product/marketplace.md#fulfilment). Parts use the order's statuses; a seller moves
// theirs paid -> processing (accepted) -> shipped (with a tracking note) -> delivered, one step at a time.

export type TPartStep = "accept" | "ship" | "deliver";
export const PART_STEPS: Record<TPartStep, { from: TOrderStatus; to: TOrderStatus; label: string; done: string }> = {
  accept: { from: "paid", to: "processing", label: "Accept order", done: "accepted" },
  ship: { from: "processing", to: "shipped", label: "Mark shipped", done: "marked shipped" },
  deliver: { from: "shipped", to: "delivered", label: "Mark delivered", done: "marked delivered" },
};
export const PART_STEP_KEYS = Object.keys(PART_STEPS) as TPartStep[];

/** The step a seller can take next on a part in this status, if any. */
export function nextPartStep(status: TOrderStatus): TPartStep | null {
  return PART_STEP_KEYS.find((k) => PART_STEPS[k].from === status) ?? null;
}

/** People read a part as the order's number and its position: ZV-100012-2. */
export function formatSubOrderNumber(orderNumber: number, position: number): string {
  return `${formatOrderNumber(orderNumber)}-${position}`;
}

/** How far a part has gone, to find the slowest of an order's parts. Cancelled and refunded parts do not hold an order back. */
export const PART_PROGRESS: Partial<Record<TOrderStatus, number>> = { paid: 0, processing: 1, shipped: 2, delivered: 3 };

export const TRACKING_NOTE_MAX = 300;

export type TPartLineView = { name: string; quantity: number; unitPriceKobo: number; lineTotalKobo: number; href: string | null };
export type TPartEventView = { id: number; toStatus: TOrderStatus; createdAt: string; note: string | null; actorLabel: string };

/** A seller's part of an order as its seller and its buyer see it. */
export type TPartView = {
  id: number;
  label: string;
  status: TOrderStatus;
  placedAt: string;
  /** The store; slug null for the house's own part. */
  seller: { name: string; slug: string | null };
  buyer: { name: string; phone: string; address: string };
  lines: TPartLineView[];
  subtotalKobo: number;
  shippingKobo: number;
  commissionKobo: number;
  /** What the seller earns from this part: goods less commission plus their delivery fee. */
  earningKobo: number;
  trackingNote: string | null;
  events: TPartEventView[];
  /** Messages between the buyer and the seller, when the page shows them. */
  messages?: TMessageView[];
};
