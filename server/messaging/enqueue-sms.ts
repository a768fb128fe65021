import { formatNigerianPhone, isNigerianPhone } from "@domain/nigeria/phone";
import type { DbOrTx } from "../db/client";
import { kickOutbox } from "./outbox-kick";
import { outbox } from "./schema";

export class SmsRecipientError extends Error {}

/**
 * Kinds of SMS that carry a secret (a sign-in code): lists show them with the digits hidden
 * (docs/product/messaging.md#sms), so nobody reading the outbox can use a code meant for someone else.
 */
export const SECRET_SMS_KINDS: readonly string[] = ["sign-in-code"];

/** An SMS's text as a list may show it: the code in a secret one hidden. */
export function listedSmsText(kind: string, text: string): string {
  return SECRET_SMS_KINDS.includes(kind) ? text.replace(/\d{4,}/g, (code) => "•".repeat(code.length)) : text;
}

/**
 * Writes an SMS to the outbox inside the caller's transaction; the outbox job delivers it. The number is
 * normalised to +234… (docs/product/messaging.md#sms); a number that is not a Nigerian mobile is refused here, not at send time.
 */
export async function enqueueSms(tx: DbOrTx, kind: string, phone: string, text: string): Promise<number> {
  if (!isNigerianPhone(phone))
    throw new SmsRecipientError(`Not a Nigerian mobile number: "${phone}". Use e.g. 0803 123 4567 or +234 803 123 4567.`);
  const body = text.trim();
  if (!body) throw new Error("An SMS needs text");
  const [row] = await tx
    .insert(outbox)
    .values({ channel: "sms", kind, recipient: formatNigerianPhone(phone), subject: "", html: "", text: body })
    .returning({ id: outbox.id });
  kickOutbox();
  return row!.id;
}
