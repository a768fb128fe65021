import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { findCrmRecordForEmail } from "../../crm/crm-contact-exists";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { notifyStaff } from "../../notifications/notify-staff";
import { listTeam } from "../../users/list-team";
import { ANSWER_PROMISE_HOURS, claimOverdueNotice, listOverdueContactMessages } from "./waiting-contact-messages";

/**
 * A contact message still unanswered 24 hours after it arrived (docs/product/content.md#contact) is brought to the
 * team once: to the owner of the person's CRM record, or, when nobody owns it, to every member of staff and admin.
 */
export async function followUpWaitingMessages(now = new Date()): Promise<{ notified: number }> {
  let notified = 0;
  for (const message of await listOverdueContactMessages(now)) {
    const told = await getDb().transaction(async (tx) => {
      if (!(await claimOverdueNotice(tx, message.id, now))) return false;
      const record = await findCrmRecordForEmail(tx, message.email);
      const people = record?.ownerId ? [record.ownerId] : (await listTeam(tx)).map((m) => m.id);
      const hours = Math.floor((now.getTime() - message.receivedAt.getTime()) / 3600_000);
      for (const userId of people)
        await notifyStaff(tx, {
          userId,
          priority: "high",
          subject: `Waiting ${hours} hours: ${message.subject}`,
          message: `${message.name} (${message.email}) wrote on ${formatLagosTimestamp(message.receivedAt)} and has had no answer. We promise an answer within ${ANSWER_PROMISE_HOURS} hours.`,
          actionRequired: record?.ownerId
            ? "Answer today, then e-mail them from the record or mark the message answered."
            : "Answer today, or give the record to the colleague who will; e-mail them from the record or mark the message answered.",
          link: record ? `/staff/crm/${record.id}` : "/staff/crm",
          actionLabel: "Open the record",
        });
      return true;
    });
    if (told) notified++;
  }
  return { notified };
}

export const contactFollowUpJob: TJob = {
  name: "contact-follow-up",
  label: "Unanswered contact messages",
  description: "Tells the record's owner, or the whole team, about a contact message still unanswered after 24 hours.",
  periodSeconds: 900,
  run: async ({ startedAt }) => {
    await followUpWaitingMessages(startedAt);
  },
};
