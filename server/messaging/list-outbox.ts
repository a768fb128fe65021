import { and, desc, eq, type SQL } from "drizzle-orm";
import { OUTBOX_PAGE_SIZE } from "@domain/messaging/outbox-filters";
import { type TOutboxFilters } from "@domain/messaging/outbox-filters-input";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { listedSmsText } from "./enqueue-sms";
import { outbox } from "./schema";

/** The admin delivery log: every e-mail and SMS, newest first, by status and channel, one page at a time. */
export async function listOutbox(filters: TOutboxFilters) {
  const where: SQL[] = [];
  if (filters.status !== "all") where.push(eq(outbox.status, filters.status));
  if (filters.channel !== "all") where.push(eq(outbox.channel, filters.channel));
  const condition = where.length ? and(...where) : undefined;

  const db = getDb();
  const { rows, total, page, pageCount } = await paginate(
    filters.page,
    OUTBOX_PAGE_SIZE,
    () => db.$count(outbox, condition),
    ({ limit, offset }) =>
      db
        .select({
          id: outbox.id,
          channel: outbox.channel,
          kind: outbox.kind,
          recipient: outbox.recipient,
          subject: outbox.subject,
          // SMS have no subject: the list shows the start of the text instead.
          text: outbox.text,
          status: outbox.status,
          attempts: outbox.attempts,
          provider: outbox.provider,
          providerMessageId: outbox.providerMessageId,
          lastError: outbox.lastError,
          nextAttemptAt: outbox.nextAttemptAt,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
        })
        .from(outbox)
        .where(condition)
        .orderBy(desc(outbox.id))
        .limit(limit)
        .offset(offset),
  );
  return {
    rows: rows.map(({ text, ...r }) => {
      const shown = r.channel === "sms" ? listedSmsText(r.kind, text) : "";
      return { ...r, subject: r.channel === "sms" ? (shown.length > 80 ? `${shown.slice(0, 79)}…` : shown) : r.subject };
    }),
    total,
    page,
    pageCount,
  };
}
