import type { TContactMessage } from "@domain/content/content-input";
import { consumeFormSubmission, RateLimitedError } from "../../auth/rate-limits";
import { getDb } from "../../db/client";
import { publicUrl } from "../../env";
import { contactAutoReplyEmail, contactSalesCopyEmail } from "../../messaging/contact-emails";
import { enqueueEmail } from "../../messaging/enqueue-email";
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
    return row!.id;
  });
  return succeed({ id });
}
