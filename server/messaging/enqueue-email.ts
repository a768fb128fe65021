import type { DbOrTx } from "../db/client";
import type { TEmail } from "./email-layout";
import { outbox } from "./schema";
import { kickOutbox } from "./outbox-kick";

/** Writes the e-mail to the outbox inside the caller's transaction; the outbox job delivers it. */
export async function enqueueEmail(tx: DbOrTx, kind: string, to: { email: string; name?: string | null }, email: TEmail) {
  const [row] = await tx
    .insert(outbox)
    .values({ kind, recipient: to.email, toName: to.name ?? null, subject: email.subject, html: email.html, text: email.text })
    .returning({ id: outbox.id });
  kickOutbox();
  return row!.id;
}
