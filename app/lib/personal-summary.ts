import { useSyncExternalStore } from "react";
import type { TViewer } from "@domain/access/roles";
import type { TCartSummary } from "@domain/cart/cart";
import type { TPendingApprovals } from "@domain/marketplace/marketplace";

// A signed-in visitor's own parts of a page the shared cache sent them (docs/product/site-shell.md#personal-parts):
// fetched once from /api/me after the page loads, like a shop theme's cart.js. The tab keeps the last answer
// (sessionStorage) so the next page paints the name and cart at once while it asks again.

export type TPersonalSummary = {
  viewer: TViewer | null;
  panelLinks: { to: string; label: string }[];
  cart: TCartSummary;
  pendingApprovals: TPendingApprovals | null;
  /** The visitor's courses and progress, for "You're enrolled" on a course page. */
  enrolments: { courseId: number; progressPct: number }[];
  /** The listings the visitor saved, for "Saved for later" on a listing page. */
  savedListingIds: number[];
};

export const PERSONAL_SUMMARY_PATH = "/api/me";
const STORAGE_KEY = "zavolah.personal";

let current: TPersonalSummary | null | undefined; // undefined: not read from the tab's storage yet
const listeners = new Set<() => void>();

function snapshot(): TPersonalSummary | null {
  if (current === undefined) {
    try {
      current = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as TPersonalSummary | null;
    } catch {
      current = null;
    }
  }
  return current;
}

function publish(next: TPersonalSummary | null) {
  current = next;
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused (private mode): the page still shows the answer, the next one asks again.
  }
  for (const listener of listeners) listener();
}

let inFlight: Promise<void> | null = null;

/** Asks the server for the visitor's own parts; a failed request leaves the page as sent (links to the personal pages). */
export function loadPersonalSummary(): Promise<void> {
  inFlight ??= fetch(PERSONAL_SUMMARY_PATH, { credentials: "same-origin", headers: { accept: "application/json" } })
    .then(async (res) => {
      if (res.ok) publish((await res.json()) as TPersonalSummary);
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * A page rendered for this visitor (after a client-side navigation) is the truth: a different person, or nobody,
 * means the tab's copy is someone else's and goes.
 */
export function keepPersonalSummaryFor(viewerId: string | null): void {
  const kept = snapshot();
  if (kept && kept.viewer?.id !== viewerId) publish(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's own parts while `wanted` (the page came from the shared cache); null until known, and on the server. */
export function usePersonalSummary(wanted: boolean): TPersonalSummary | null {
  return useSyncExternalStore(
    subscribe,
    () => (wanted ? snapshot() : null),
    () => null,
  );
}
