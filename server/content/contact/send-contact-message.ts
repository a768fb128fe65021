import type { TContactMessage } from "@domain/content/content-input";
import { consumeFormSubmission, RateLimitedError } from "../../auth/rate-limits";
import { noteCrmContact } from "../../crm/note-crm-contact";
import { getDb } from "../../db/client";
import { publicUrl } from "../../env";
import { contactAutoReplyEmail, contactSalesCopyEmail } from "../../messaging/contact-emails";
import { enqueueEmail } from "../../messaging/enqueue-email";
import { notifyStaff } from "../../notifications/notify-staff";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { contactMessages } from "../schema";

/** The sales team's inbox: contact copies and booking notifications go here. */
export const SALES_TEAM = { email: "sales@zavolah.ng", name: "Zavolah Sales" } as const;

/** Stores the message and queues the auto-reply and the sales copy in the same transaction: all three or none. */
export async function sendContactMessage(
  msg: TContactMessage,
  meta: { ip: string; userId?: string | null },
): Promise<TResult<{ id: number }>> {
  try {
    await consumeFormSubmission("contact", msg.email, meta.ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...msg, phone: msg.phone ?? null, userId: meta.userId ?? null, ip: meta.ip })
      .returning({ id: contactMessages.id });
    await enqueueEmail(tx, "contact-auto-reply", { email: msg.email, name: msg.name }, contactAutoReplyEmail(msg));
    await enqueueEmail(tx, "contact-sales-copy", SALES_TEAM, contactSalesCopyEmail(msg, publicUrl()));
    // The CRM record exists from this moment (a new lead, or fresh activity); its owner hears of the message at once.
    const record = await noteCrmContact(tx, { email: msg.email, name: msg.name, phone: msg.phone, source: "contact", userId: meta.userId });
    if (record.ownerId)
      await notifyStaff(tx, {
        userId: record.ownerId,
        priority: "medium",
        subject: `New message from ${msg.name}`,
        message: `${msg.name} (${msg.email}) wrote about "${msg.subject}":\n\n${msg.message.slice(0, 500)}`,
        actionRequired: "Answer within 24 hours.",
        link: `/staff/crm/${record.contactId}`,
        actionLabel: "Open the record",
      });
    return row!.id;
  });
  return succeed({ id });
}
