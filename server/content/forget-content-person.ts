import { ERASED_NAME, type TForgotten, type TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { ofPerson } from "../db/erase-text";
import { contactMessages, newsletterSubscribers } from "./schema";

/**
 * What the person sent through the site's public forms (docs/product/privacy-requests.md): contact messages stay as a
 * count of enquiries by kind and day, without who wrote or what they said; the newsletter subscription goes.
 */
export async function forgetContentPerson(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
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
    .where(ofPerson(contactMessages.userId, contactMessages.email, p))
    .returning({ id: contactMessages.id });
  const subscriptions = await tx
    .delete(newsletterSubscribers)
    .where(ofPerson(newsletterSubscribers.userId, newsletterSubscribers.email, p))
    .returning({ id: newsletterSubscribers.id });
  return { rows: messages.length + subscriptions.length };
}
