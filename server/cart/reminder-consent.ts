import { inArray } from "drizzle-orm";
import { decideReminderConsent, type TConsentBasis, type TEndReason } from "@domain/cart/abandoned-carts";
import { normaliseEmail } from "@domain/crm/crm";
import { subscriberStatuses } from "../content/newsletter/marketing-audience";
import type { DbOrTx } from "../db/client";
import { notificationPreferences } from "../notifications/schema";

export type TReminderConsent = { ok: true; basis: TConsentBasis } | { ok: false; reason: TEndReason };

/**
 * Whether each of these customers may get a cart reminder now (docs/product/store-and-orders.md#abandoned-carts): an
 * unsubscribe from the newsletter, or e-mail switched off in their preferences, means no. Read, never written: the
 * newsletter and the preferences belong to their own contexts.
 */
export async function reminderConsentFor(tx: DbOrTx, people: { userId: string; email: string }[]): Promise<Map<string, TReminderConsent>> {
  if (people.length === 0) return new Map();
  // One after another: tx may be a transaction, whose one connection runs one statement at a time.
  const statuses = await subscriberStatuses(
    tx,
    people.map((p) => normaliseEmail(p.email)),
  );
  const prefs = await tx
    .select({
      userId: notificationPreferences.userId,
      email: notificationPreferences.email,
      marketing: notificationPreferences.marketingEmails,
    })
    .from(notificationPreferences)
    .where(
      inArray(
        notificationPreferences.userId,
        people.map((p) => p.userId),
      ),
    );
  const prefOf = new Map(prefs.map((p) => [p.userId, p]));
  return new Map(
    people.map((p) => {
      const pref = prefOf.get(p.userId);
      return [
        p.userId,
        decideReminderConsent({
          subscriber: statuses.get(normaliseEmail(p.email))?.status ?? null,
          marketingEmails: pref?.marketing ?? false,
          emailNotifications: pref?.email ?? true,
        }),
      ];
    }),
  );
}
