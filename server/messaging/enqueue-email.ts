import type { DbOrTx } from "../db/client";
import type { TEmail } from "./email-layout";
import { outbox } from "./schema";
import { kickOutbox } from "./outbox-kick";

export type TEnqueueOptions = {
  /** A campaign's own sender; otherwise MAIL_FROM. */
  from?: { email: string; name?: string | null };
  /** Marketing mail: the caller has checked consent and put an unsubscribe link in the body. */
  marketing?: boolean;
};

/** Writes the e-mail to the outbox inside the caller's transaction; the outbox job delivers it. */
export async function enqueueEmail(
  tx: DbOrTx,
  kind: string,
  to: { email: string; name?: string | null },
  email: TEmail,
  opts: TEnqueueOptions = {},
) {
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: "email",
      kind,
      recipient: to.email,
      toName: to.name ?? null,
      fromEmail: opts.from?.email ?? null,
      fromName: opts.from?.name ?? null,
      marketing: opts.marketing ?? false,
      subject: email.subject,
      html: email.html,
      text: email.text,
    })
    .returning({ id: outbox.id });
  kickOutbox();
  return row!.id;
}
