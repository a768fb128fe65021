import type { TCartLineKind, TLineTarget } from "./cart";

// Abandoned carts (docs/product/store-and-orders.md#abandoned-carts): what is recorded, who may be reminded, the states
// staff see and the figures. Isomorphic: the staff page and the server share these rules; the filters' schema is in
// abandoned-cart-filters-input.ts.

/** Reminders per abandonment, at most. */
export const MAX_CART_REMINDERS = 2;
/** Reminders go out, and an order counts as recovering the cart, within this many days of the abandonment. */
export const RECOVERY_WINDOW_DAYS = 7;
/** A reminder about a newer abandonment waits until this long after the person's last cart reminder. */
export const REMINDER_SPACING_HOURS = 24;
/** The staff page's figures cover carts abandoned in this many days. */
export const FIGURES_DAYS = 30;
/** Records older than this are deleted by the job. */
export const ABANDONED_CART_RETENTION_DAYS = 365;
export const ABANDONED_CARTS_PAGE_SIZE = 20;
/** The list with nothing chosen (the filters' schema is in abandoned-cart-filters-input.ts). */
export const ABANDONED_CART_FILTER_DEFAULTS = { state: "all", page: 1 } as const;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** One line of the cart as it was left: what it bought (to put it back), how many, and its name and price then. Records
 * saved before `itemRef` existed lack it. */
export type TAbandonedItem = Omit<TLineTarget, "itemRef"> & {
  itemRef?: string | null;
  kind: TCartLineKind;
  quantity: number;
  name: string;
  unitPriceKobo: number;
};

/** What a line buys, as one key: two carts hold the same things when their fingerprints match. */
function lineKey(l: Omit<TAbandonedItem, "name" | "unitPriceKobo">): string {
  const target = l.variantId ?? l.courseIntakeId ?? l.listingId ?? l.zavchargeAccountId ?? l.itemRef ?? 0;
  return `${l.kind}:${target}:${l.zavchargePlanId ?? ""}:${l.amountKobo ?? ""}x${l.quantity}`;
}

/** The cart's contents without prices or names: a changed line, quantity or top-up amount changes it. */
export function cartFingerprint(lines: Omit<TAbandonedItem, "name" | "unitPriceKobo">[]): string {
  return lines.map(lineKey).sort().join("|");
}

export const cartValueKobo = (items: Pick<TAbandonedItem, "quantity" | "unitPriceKobo">[]) =>
  items.reduce((sum, i) => sum + i.quantity * i.unitPriceKobo, 0);

/** Why a cart is not (or no longer) reminded. */
export const END_REASONS = {
  opted_out: "Unsubscribed from our marketing e-mail",
  email_off: "Switched e-mail off in their preferences",
  cart_changed: "Came back and changed the cart",
  cart_emptied: "Emptied the cart",
  ordered: "Placed an order",
  all_sent: "Both reminders sent",
  window_passed: `No reminder within ${RECOVERY_WINDOW_DAYS} days`,
} as const;
export type TEndReason = keyof typeof END_REASONS;

/** Whom a reminder may go to, and on what footing. */
export type TConsentBasis = "agreed" | "account";
export const CONSENT_BASIS_LABEL: Record<TConsentBasis, string> = {
  agreed: "Agreed to marketing",
  account: "Customer account",
};

export type TReminderConsentFacts = {
  /** The address's newsletter row, if any. */
  subscriber: "pending" | "active" | "unsubscribed" | null;
  /** "Marketing Emails" switched on in the notification preferences. */
  marketingEmails: boolean;
  /** The preferences' e-mail switch (on unless the person turned it off). */
  emailNotifications: boolean;
};

/**
 * May this customer get a cart reminder (docs/product/store-and-orders.md#abandoned-carts)? Everyone here has an account
 * (only account carts are recorded); an unsubscribe or e-mail switched off always wins over anything else.
 */
export function decideReminderConsent(f: TReminderConsentFacts): { ok: true; basis: TConsentBasis } | { ok: false; reason: TEndReason } {
  if (f.subscriber === "unsubscribed") return { ok: false, reason: "opted_out" };
  if (!f.emailNotifications) return { ok: false, reason: "email_off" };
  return { ok: true, basis: f.subscriber === "active" || f.marketingEmails ? "agreed" : "account" };
}

/** The bookkeeping of a record: still open to reminders, ended (with a reason), or recovered by an order. */
export type TAbandonmentStatus = "open" | "ended" | "recovered";

export const ABANDONMENT_STATES = ["waiting", "reminded", "recovered", "not_remindable"] as const;
export type TAbandonmentState = (typeof ABANDONMENT_STATES)[number];
export const ABANDONMENT_STATE_LABEL: Record<TAbandonmentState, string> = {
  waiting: "Waiting",
  reminded: "Reminded",
  recovered: "Recovered",
  not_remindable: "Not remindable",
};

/** The state staff see: recovered by an order; reminded at least once; not reminded and never will be; or waiting. */
export function abandonmentState(r: { status: TAbandonmentStatus; remindersSent: number }): TAbandonmentState {
  if (r.status === "recovered") return "recovered";
  if (r.remindersSent > 0) return "reminded";
  return r.status === "ended" ? "not_remindable" : "waiting";
}

/** The line under a state: why it is not remindable, or why its reminders stopped. */
export function abandonmentNote(r: { status: TAbandonmentStatus; remindersSent: number; endReason: string | null }): string | null {
  if (r.status !== "ended" || !r.endReason) return null;
  const why = END_REASONS[r.endReason as TEndReason] ?? r.endReason;
  if (r.remindersSent === 0) return why;
  return r.endReason === "all_sent" ? why : `Reminders stopped: ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
}

export type TAbandonedCartFigures = { abandoned: number; reminded: number; recovered: number; recoveredValueKobo: number };

/** Recovered carts out of reminded ones, as a whole percent; none when nothing was reminded. */
export function recoveryRatePercent(f: Pick<TAbandonedCartFigures, "reminded" | "recovered">): number | null {
  return f.reminded === 0 ? null : Math.round((f.recovered / f.reminded) * 100);
}

const listNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** What the person reads on /cart after following the link back: what came back, and what could not. */
export function restoredCartMessage(r: { restored: number; skipped: string[] }): {
  type: "success" | "warning";
  title: string;
  description: string;
} {
  const gone = r.skipped.length ? `${listNames(r.skipped)} can no longer be bought` : "";
  if (r.restored === 0) return { type: "warning", title: "Those items are no longer available", description: `${gone}.` };
  const back = `${r.restored} item${r.restored === 1 ? "" : "s"} from your last visit ${r.restored === 1 ? "is" : "are"} in your cart.`;
  return {
    type: "success",
    title: "Your cart is back",
    description: gone ? `${back} ${gone}, so we left ${r.skipped.length === 1 ? "it" : "them"} out.` : back,
  };
}
