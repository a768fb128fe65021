import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { env, publicUrl } from "../env";
import type { TJob } from "../jobs/scheduler";
import { log } from "../log";
import { enqueueEmail } from "../messaging/enqueue-email";
import { unsubscribeUrlFor } from "../content/newsletter/newsletter-tokens";
import { campaignEmail } from "../messaging/campaign-emails";
import { campaignRecipients, campaigns } from "./schema";

export const CAMPAIGN_SENDER = "campaign-sender";
export const BATCH_SIZE = 50;
const MAX_LOOKS_AT_HELD_BATCH = 10;

export type TSendOptions = {
  pauseMs?: number;
  batchSize?: number;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  /** Tests swap it to make a batch fail. */
  enqueue?: typeof enqueueEmail;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type TCampaign = typeof campaigns.$inferSelect;

/**
 * Queues one batch (50, docs/product/campaigns.md) of a campaign's pending recipients to the outbox in one transaction, each
 * with its own unsubscribe link, and marks them queued with their outbox row. SKIP LOCKED: two workers never
 * take the same recipients. A batch that throws is rolled back, its recipients are counted failed and the
 * campaign records "Batch error: ..." (docs/product/campaigns.md#sending). Returns how many recipients the batch took.
 */
async function sendBatch(campaign: TCampaign, opts: Required<Pick<TSendOptions, "batchSize" | "enqueue">>): Promise<number> {
  let ids: number[] = [];
  try {
    return await getDb().transaction(async (tx) => {
      const batch = await tx
        .select({ id: campaignRecipients.id, email: campaignRecipients.email, name: campaignRecipients.name })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.status, "pending")))
        .orderBy(asc(campaignRecipients.id))
        .limit(opts.batchSize)
        .for("update", { skipLocked: true });
      ids = batch.map((r) => r.id);
      for (const r of batch) {
        const email = campaignEmail(
          { subject: campaign.subject, html: campaign.html, logoUrl: campaign.logoUrl, unsubscribeUrl: unsubscribeUrlFor(r.email) },
          publicUrl(),
        );
        const outboxId = await opts.enqueue(tx, "campaign", { email: r.email, name: r.name }, email, {
          from: { email: campaign.senderEmail, name: campaign.senderName },
          marketing: true,
        });
        await tx.update(campaignRecipients).set({ status: "queued", outboxId }).where(eq(campaignRecipients.id, r.id));
      }
      return batch.length;
    });
  } catch (error) {
    if (ids.length === 0) throw error; // nothing taken: the job records it and the next run tries again
    const message = `Batch error: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    log.error({ campaignId: campaign.id, recipients: ids.length, error }, "campaign batch failed");
    await getDb().transaction(async (tx) => {
      await tx
        .update(campaignRecipients)
        .set({ status: "skipped", skipReason: message })
        .where(and(inArray(campaignRecipients.id, ids), eq(campaignRecipients.status, "pending")));
      await tx
        .update(campaigns)
        .set({ errors: sql`${campaigns.errors} || ${JSON.stringify([message])}::jsonb` })
        .where(eq(campaigns.id, campaign.id));
    });
    return ids.length;
  }
}

async function hasPending(campaignId: number) {
  const [row] = await getDb()
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, "pending")))
    .limit(1);
  return !!row;
}

/** Done once nobody is pending; failed when every batch failed and nothing was queued. */
async function finishIfDone(campaignId: number) {
  if (await hasPending(campaignId)) return;
  const [queued] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, "queued")));
  await getDb()
    .update(campaigns)
    .set({
      status: sql`case when ${queued!.n} = 0 and jsonb_array_length(${campaigns.errors}) > 0 then 'failed' else 'done' end`,
      finishedAt: new Date(),
    })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")));
}

/**
 * Sends every campaign still sending, in batches with a pause between them (50, then 1 s: docs/product/campaigns.md).
 * Stops between batches when the signal aborts (shutdown); the next run resumes with the pending rest.
 * Returns the number of batches sent.
 */
export async function sendPendingCampaigns(opts: TSendOptions = {}): Promise<number> {
  const o = { batchSize: opts.batchSize ?? BATCH_SIZE, enqueue: opts.enqueue ?? enqueueEmail };
  const pauseMs = opts.pauseMs ?? env.CAMPAIGN_BATCH_PAUSE_MS;
  const sleep = opts.sleep ?? wait;
  let batches = 0;
  const sending = await getDb().select().from(campaigns).where(eq(campaigns.status, "sending")).orderBy(asc(campaigns.id));
  for (const campaign of sending) {
    let heldElsewhere = 0;
    while (!opts.signal?.aborted && (await hasPending(campaign.id))) {
      if (batches > 0 || heldElsewhere > 0) await sleep(pauseMs);
      const taken = await sendBatch(campaign, o);
      if (taken === 0) {
        // The rest is held by another worker: one still sending (it finishes them), or one whose connection just
        // dropped (the database lets go of its rows in a moment). Looked at again a few times before the next run's turn.
        if (++heldElsewhere >= MAX_LOOKS_AT_HELD_BATCH) break;
        continue;
      }
      heldElsewhere = 0;
      batches++;
    }
    if (opts.signal?.aborted) break;
    await finishIfDone(campaign.id);
  }
  return batches;
}

/** Sends campaigns: woken when one is created, and every minute resumes any a restart interrupted. */
export const campaignSender: TJob = {
  name: CAMPAIGN_SENDER,
  label: "Campaign sender",
  description: "Queues campaign e-mails to the outbox in batches of 50 with a pause between batches.",
  periodSeconds: 60,
  async run({ signal }) {
    await sendPendingCampaigns({ signal });
  },
};
