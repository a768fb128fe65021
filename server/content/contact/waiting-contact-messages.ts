import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "../../db/client";
import { contactMessages } from "../schema";

// Messages from the contact form that nobody has answered yet (docs/product/content.md#contact): we promise an answer
// within 24 hours.

export const ANSWER_PROMISE_HOURS = 24;

export type TWaitingMessage = { id: number; name: string; email: string; subject: string; receivedAt: Date };

const WAITING_COLUMNS = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  receivedAt: contactMessages.createdAt,
};

/** The person's messages still waiting for an answer, oldest first: by any of their addresses or their account. */
export async function listWaitingContactMessages(
  person: { emails: string[]; userId: string | null },
  db: DbOrTx = getDb(),
): Promise<TWaitingMessage[]> {
  if (person.emails.length === 0 && !person.userId) return [];
  return db
    .select(WAITING_COLUMNS)
    .from(contactMessages)
    .where(and(eq(contactMessages.status, "new"), samePerson(person)))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
}

/**
 * Marks the person's waiting messages answered, inside the caller's transaction: staff e-mailed them from their record
 * or answered another way (by phone) and said so. Messages already answered or marked spam are left as they are.
 */
export async function markContactMessagesAnswered(
  tx: DbOrTx,
  person: { emails: string[]; userId: string | null },
  staffId: string,
  at = new Date(),
): Promise<number> {
  if (person.emails.length === 0 && !person.userId) return 0;
  const answered = await tx
    .update(contactMessages)
    .set({ status: "answered", answeredAt: at, answeredBy: staffId })
    .where(and(eq(contactMessages.status, "new"), samePerson(person)))
    .returning({ id: contactMessages.id });
  return answered.length;
}

/** Waiting messages past the promise that the team has not yet been told about, oldest first. */
export async function listOverdueContactMessages(now: Date, db: DbOrTx = getDb(), limit = 100): Promise<TWaitingMessage[]> {
  const due = new Date(now.getTime() - ANSWER_PROMISE_HOURS * 3600_000);
  return db
    .select(WAITING_COLUMNS)
    .from(contactMessages)
    .where(and(eq(contactMessages.status, "new"), lte(contactMessages.createdAt, due), isNull(contactMessages.overdueNotifiedAt)))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(limit);
}

/** Claims one overdue message for its notice: true once, false if another run (or an answer) got there first. */
export async function claimOverdueNotice(tx: DbOrTx, id: number, at: Date): Promise<boolean> {
  const claimed = await tx
    .update(contactMessages)
    .set({ overdueNotifiedAt: at })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "new"), isNull(contactMessages.overdueNotifiedAt)))
    .returning({ id: contactMessages.id });
  return claimed.length === 1;
}

function samePerson(person: { emails: string[]; userId: string | null }) {
  const byEmail = person.emails.length > 0 ? inArray(sql`lower(${contactMessages.email})`, person.emails) : undefined;
  const byUser = person.userId ? eq(contactMessages.userId, person.userId) : undefined;
  return byEmail && byUser ? or(byEmail, byUser) : (byEmail ?? byUser);
}
