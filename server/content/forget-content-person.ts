import { eq, or, sql } from "drizzle-orm";
import { ERASED_NAME, type TForgotten, type TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { contactMessages, newsletterSubscribers } from "./schema";

/**
 * What the person sent through the site's public forms (docs/product/privacy-requests.md): contact messages stay as a
 * count of enquiries by kind and day, without who wrote or what they said; the newsletter subscription goes.
 */
export async function forgetContentPerson(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const email = p.email.trim().toLowerCase();
  const messages = await tx
    .update(contactMessages)
    .set({
      name: ERASED_NAME,
      email: p.erasedEmail,
      phone: null,
      subject: "Message removed",
      message: "Removed at the sender's request.",
      ip: null,
      userId: p.userId,
    })
    .where(or(eq(contactMessages.userId, p.userId), sql`lower(trim(${contactMessages.email})) = ${email}`))
    .returning({ id: contactMessages.id });
  const subscriptions = await tx
    .delete(newsletterSubscribers)
    .where(or(eq(newsletterSubscribers.userId, p.userId), sql`lower(trim(${newsletterSubscribers.email})) = ${email}`))
    .returning({ id: newsletterSubscribers.id });
  return { rows: messages.length + subscriptions.length };
}
