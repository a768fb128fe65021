import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { newsletterSubscribers } from "../schema";
import { hashToken, unsubscribeTokenFor } from "./newsletter-tokens";

// What campaigns need from the newsletter list: who may get marketing mail, who said no, and adding
// people whose consent staff vouched for. Addresses are compared in lower case, as the list stores them.

const CHUNK = 1000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export type TSubscriberStatus = { status: "pending" | "active" | "unsubscribed"; unsubscribedAt: Date | null };

export async function subscriberStatuses(tx: DbOrTx, emails: string[]): Promise<Map<string, TSubscriberStatus>> {
  const out = new Map<string, TSubscriberStatus>();
  for (const part of chunks(emails)) {
    const rows = await tx
      .select({
        email: sql<string>`lower(${newsletterSubscribers.email})`,
        status: newsletterSubscribers.status,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(inArray(sql`lower(${newsletterSubscribers.email})`, part));
    for (const r of rows) out.set(r.email, { status: r.status as TSubscriberStatus["status"], unsubscribedAt: r.unsubscribedAt });
  }
  return out;
}

/** Every confirmed subscriber. */
export async function listActiveSubscribers(tx: DbOrTx): Promise<{ email: string; name: string | null }[]> {
  return tx
    .select({ email: sql<string>`lower(${newsletterSubscribers.email})`, name: newsletterSubscribers.name })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "active"))
    .orderBy(newsletterSubscribers.id);
}

/**
 * Makes these addresses active subscribers (source e.g. 'import' when staff attested consent, 'account' for
 * users who switched marketing e-mail on), so each one's unsubscribe link works. Someone who unsubscribed
 * is never touched; a pending address becomes active.
 */
export async function activateSubscribers(tx: DbOrTx, people: { email: string; name?: string | null }[], source: string) {
  const now = new Date();
  for (const part of chunks(people)) {
    await tx
      .insert(newsletterSubscribers)
      .values(
        part.map((p) => ({
          email: p.email,
          name: p.name ?? null,
          status: "active",
          source,
          confirmedAt: now,
          unsubscribeTokenHash: hashToken(unsubscribeTokenFor(p.email)),
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(newsletterSubscribers)
      .set({ status: "active", confirmedAt: now, confirmTokenHash: null })
      .where(
        and(
          eq(newsletterSubscribers.status, "pending"),
          inArray(
            sql`lower(${newsletterSubscribers.email})`,
            part.map((p) => p.email),
          ),
        ),
      );
  }
}
