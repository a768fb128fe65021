import { users } from "../../auth/schema";
import { getDb } from "../../db/client";
import { remindOnce, type TReminder } from "./remind-once";

// Announcements of what was just published (new courses, blog posts): each run looks for items published since its
// last check, and a little before it too: an item published while the previous run was reading could otherwise fall
// between two runs. reminder_log keeps the overlap from sending twice.

const OVERLAP_MS = 10 * 60_000;

/** Where a run looks from: its last check (the first run has none and looks back one period), less the overlap. */
export function publishedSince(lastCheck: unknown, startedAt: Date, periodSeconds: number): Date {
  const mark = typeof lastCheck === "string" ? new Date(lastCheck) : new Date(startedAt.getTime() - periodSeconds * 1000);
  return new Date(mark.getTime() - OVERLAP_MS);
}

/** Tells each item to every person who had joined when it came out (it is news only to them), once per person. */
export async function announcePublished<T extends { publishedAt: Date | null }>(
  items: T[],
  reminderOf: (item: T) => Omit<TReminder, "userId">,
): Promise<void> {
  if (items.length === 0) return;
  const people = await getDb().select({ id: users.id, joinedAt: users.createdAt }).from(users).orderBy(users.id);
  const reminders: TReminder[] = items.flatMap((item) => {
    const reminder = reminderOf(item);
    return people.filter((person) => person.joinedAt <= item.publishedAt!).map((person) => ({ userId: person.id, ...reminder }));
  });
  await remindOnce(reminders);
}
