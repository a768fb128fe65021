import { eq } from "drizzle-orm";
import { z } from "zod";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { kickOutbox } from "./outbox-kick";
import { outbox } from "./schema";

export const ZResend = z.object({ id: z.coerce.number({ error: "Unknown message" }).int().positive("Unknown message") });

export type TResend = z.output<typeof ZResend>;
export type TResendResult = TResult<{ id: number; copy: boolean; description: string }>;

/**
 * An admin resends a message. A failed or waiting one is queued again at once with its attempts reset; a sent
 * one goes again as a new copy (the sent row stays as the record of the first delivery). A message being
 * sent right now is left alone. Audited.
 */
export async function resendOutbox(actor: TViewer, { id }: TResend): Promise<TResendResult> {
  if (actor.role !== "admin") return refuse("forbidden", "Only admins can resend messages.");
  const result = await getDb().transaction(async (tx): Promise<TResendResult> => {
    const [msg] = await tx.select().from(outbox).where(eq(outbox.id, id)).for("update");
    if (!msg) return refuse("not_found", "That message no longer exists.");
    if (msg.status === "sending") return refuse("conflict", "That message is being sent right now; look again in a minute.");
    if (msg.status === "sent") {
      const {
        id: _id,
        status: _s,
        attempts: _a,
        nextAttemptAt: _n,
        lastError: _l,
        provider: _p,
        providerMessageId: _m,
        createdAt: _c,
        sentAt: _t,
        ...content
      } = msg;
      const [copy] = await tx.insert(outbox).values(content).returning({ id: outbox.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "outbox.resend",
        resourceType: "outbox",
        resourceId: String(msg.id),
        newData: { copyId: copy!.id, channel: msg.channel, kind: msg.kind, recipient: msg.recipient },
      });
      return succeed({ id: copy!.id, copy: true, description: `A new copy to ${msg.recipient} is queued.` });
    }
    await tx.update(outbox).set({ status: "queued", attempts: 0, nextAttemptAt: new Date(), lastError: null }).where(eq(outbox.id, msg.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "outbox.retry",
      resourceType: "outbox",
      resourceId: String(msg.id),
      oldData: { status: msg.status, attempts: msg.attempts, lastError: msg.lastError },
      newData: { status: "queued", attempts: 0 },
    });
    return succeed({ id: msg.id, copy: false, description: `The message to ${msg.recipient} is queued again.` });
  });
  if (result.ok) kickOutbox();
  return result;
}
