import { addDays, lagosToday } from "../time/lagos-time";

// Deletion requests under the Nigeria Data Protection Act (docs/product/privacy-requests.md): the promise we make,
// the statuses, and how an erased person looks afterwards. Shared by the account page, the staff page and the server.

/** We answer within 30 days of the request: a little inside the month the law allows. */
export const DELETION_DUE_DAYS = 30;
/** Staff are reminded once when an open request has this many days left or fewer. */
export const DELETION_REMINDER_DAYS = 7;
/** How many requests one person may make in 30 days (asking again after withdrawing counts). */
export const MAX_DELETION_REQUESTS_PER_30_DAYS = 3;
/** What a person without a password types to confirm. */
export const DELETION_CONFIRM_WORD = "DELETE";

export const DELETION_REQUEST_STATUSES = {
  open: "Open",
  withdrawn: "Withdrawn",
  completed: "Completed",
  declined: "Declined",
} as const;
export type TDeletionRequestStatus = keyof typeof DELETION_REQUEST_STATUSES;

/** The name an erased person's records carry, for staff (orders, bookings, the users list). */
export const ERASED_NAME = "Deleted customer";
/** How an erased person appears to other customers (reviews, messages). */
export const ERASED_PUBLIC_NAME = "A customer";
/** A reserved top-level domain (RFC 2606): no mail is ever delivered there, and nobody can own it. */
const ERASED_EMAIL_DOMAIN = "deleted.invalid";

/** The address an erased account keeps: unique per account, reaching nobody. */
export const erasedEmailFor = (userId: string) => `deleted-${userId.toLowerCase()}@${ERASED_EMAIL_DOMAIN}`;

export const isErasedEmail = (email: string | null | undefined) =>
  !!email && email.trim().toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/** The person's name as other customers see it: an erased person is "A customer". */
export const publicNameOf = (name: string) => (name === ERASED_NAME ? ERASED_PUBLIC_NAME : name);

/** The day we promised to answer by: 30 Lagos days after the request. */
export function deletionDueAt(requestedAt: Date): Date {
  const due = addDays(lagosToday(requestedAt), DELETION_DUE_DAYS);
  // The end of that Lagos day (23:59:59 at UTC+1).
  return new Date(`${due}T23:59:59+01:00`);
}

/** Whole Lagos days from today to the due day: 0 on the day itself, negative once overdue. */
export function deletionDaysLeft(dueAt: Date | string, now = new Date()): number {
  const due = Date.parse(`${lagosToday(new Date(dueAt))}T00:00:00Z`);
  const today = Date.parse(`${lagosToday(now)}T00:00:00Z`);
  return Math.round((due - today) / 86_400_000);
}

/** "12 days left", "Due today", "Overdue by 3 days". */
export function deletionDueLabel(daysLeft: number): string {
  if (daysLeft > 0) return `${daysLeft} day${daysLeft === 1 ? "" : "s"} left`;
  if (daysLeft === 0) return "Due today";
  return `Overdue by ${-daysLeft} day${daysLeft === -1 ? "" : "s"}`;
}

/** The request as people read its number. */
export const formatDeletionRequestNumber = (id: number) => `DR-${String(id).padStart(4, "0")}`;

/** Something that keeps a deletion from being completed yet, in words for staff and for the person. */
export type TErasureHold = { reason: string };

/** A person's own deletion request as the account page shows it (docs/product/privacy-requests.md#asking). */
export type TMyDeletionRequest = {
  /** Customers may ask; staff and admins are closed by an administrator. */
  canAsk: boolean;
  /** Whether asking needs the password (else the typed word). */
  needsPassword: boolean;
  zavchargeBalanceKobo: number;
  open: { id: number; reference: string; requestedAt: Date; dueAt: Date; daysLeft: number; holds: TErasureHold[] } | null;
  /** The last request that is no longer open, to say how it ended. */
  last: { reference: string; status: Exclude<TDeletionRequestStatus, "open" | "completed">; at: Date | null; reason: string | null } | null;
};

/** The person as they were before the deletion: what each part of the site looks for in its own records. */
export type TPersonToForget = {
  userId: string;
  email: string;
  /** The account's name and any other they gave (a name typed at checkout). */
  names: string[];
  /** Their phones as stored (+234…): the profile's and the ones they gave with orders. */
  phones: string[];
  /** The address their records carry from now on (erasedEmailFor). */
  erasedEmail: string;
};

/** What one part of the site did: how many rows it changed, and files to remove once the transaction has committed. */
export type TForgotten = { rows: number; afterCommit?: () => Promise<void> };
