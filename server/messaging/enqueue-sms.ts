import { formatNigerianPhone, isNigerianPhone } from "@domain/nigeria/phone";
import type { DbOrTx } from "../db/client";
import { kickOutbox } from "./outbox-kick";
import { outbox } from "./schema";

export class SmsRecipientError extends Error {}

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
