import { and, eq, inArray, notInArray, or, sql } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { erasedText, mentions, personNeedles, REMOVED, sameAddress } from "../db/erase-text";
import { outbox } from "./schema";

const REMOVED_BODY = "Removed: the person this was about asked us to delete their data.";

/** The fields of an outbox row that no longer say anything, for mail sent to the person. */
const blanked = (erasedEmail: string) => ({
  recipient: erasedEmail,
  toName: null,
  html: "",
  text: REMOVED_BODY,
});

/**
 * The outbox's copies of what was sent to the person or about them (docs/product/privacy-requests.md): mail and texts
 * to them keep their kind, status and dates but lose the address and the body; mail still waiting is not sent; copies
 * to staff that name them (a contact form's copy to sales, a staff notice) keep their body with the person's details
 * removed. `keep` is mail that must still go out (the "your data is deleted" notice), anonymised later.
 */
export async function forgetRecipient(tx: DbOrTx, p: TPersonToForget, keep: number[] = []): Promise<TForgotten> {
  const needles = personNeedles(p);
  const toThem = or(
    sameAddress(outbox.recipient, p.email),
    p.phones.length ? and(eq(outbox.channel, "sms"), inArray(outbox.recipient, p.phones)) : undefined,
  );
  const notKept = keep.length ? notInArray(outbox.id, keep) : undefined;
  const theirs = await tx
    .update(outbox)
    .set({
      ...blanked(p.erasedEmail),
      subject: erasedText(outbox.subject, needles),
      status: sql`case when ${outbox.status} in ('queued', 'sending') then 'failed' else ${outbox.status} end`,
      lastError: sql`case when ${outbox.status} in ('queued', 'sending') then 'Not sent: the recipient asked us to delete their data' else ${outbox.lastError} end`,
    })
    .where(and(toThem, notKept))
    .returning({ id: outbox.id });
  const mentioned = await tx
    .update(outbox)
    .set({
      subject: erasedText(outbox.subject, needles),
      html: erasedText(outbox.html, needles),
      text: erasedText(outbox.text, needles),
      toName: sql`case when ${mentions(sql`coalesce(${outbox.toName}, '')`, needles)} then ${REMOVED} else ${outbox.toName} end`,
    })
    .where(
      and(
        or(mentions(outbox.subject, needles), mentions(outbox.text, needles), mentions(outbox.html, needles)),
        notKept,
        sql`${outbox.recipient} <> ${p.erasedEmail}`,
      ),
    )
    .returning({ id: outbox.id });
  return { rows: theirs.length + mentioned.length };
}

/** Mail kept for delivery during a deletion, anonymised once it has gone out (or failed for good). Answers the ids done. */
export async function forgetDeliveredMessages(tx: DbOrTx, ids: number[], erasedEmail: string): Promise<number[]> {
  if (!ids.length) return [];
  const done = await tx
    .update(outbox)
    .set(blanked(erasedEmail))
    .where(and(inArray(outbox.id, ids), inArray(outbox.status, ["sent", "failed"])))
    .returning({ id: outbox.id });
  return done.map((r) => r.id);
}
