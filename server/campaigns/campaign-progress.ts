import { eq, sql } from "drizzle-orm";
import { percentOf } from "@domain/jobs/progress";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { INVALID_EMAIL } from "./campaign-input";
import { campaignRecipients, campaigns } from "./schema";

// A skipped record is a failure (bad address, failed batch) or a consent skip (no consent, unsubscribed).
const failedSkip = sql`(${campaignRecipients.status} = 'skipped' and (${campaignRecipients.skipReason} = ${INVALID_EMAIL} or ${campaignRecipients.skipReason} like 'Batch error:%'))`;

/** Counts by state; sent and failed come from the outbox rows the recipients were queued as. */
export const CAMPAIGN_COUNTS = {
  total: sql<number>`count(*)::int`,
  pending: sql<number>`(count(*) filter (where ${campaignRecipients.status} = 'pending'))::int`,
  queued: sql<number>`(count(*) filter (where ${campaignRecipients.status} = 'queued' and coalesce(${outbox.status}, 'sent') in ('queued', 'sending')))::int`,
  sent: sql<number>`(count(*) filter (where ${campaignRecipients.status} = 'queued' and coalesce(${outbox.status}, 'sent') = 'sent'))::int`,
  failed: sql<number>`(count(*) filter (where ${failedSkip} or ${outbox.status} = 'failed'))::int`,
  skipped: sql<number>`(count(*) filter (where ${campaignRecipients.status} = 'skipped' and not ${failedSkip}))::int`,
};

export type TCampaignCounts = { total: number; pending: number; queued: number; sent: number; failed: number; skipped: number };

export type TCampaignProgress = TCampaignCounts & {
  status: string;
  errors: string[];
  /** Sent and failed out of everyone the campaign tries to reach (consent skips are not counted). */
  percent: number;
  complete: boolean;
};

export function progressOf(status: string, errors: string[], counts: TCampaignCounts): TCampaignProgress {
  const target = counts.total - counts.skipped;
  const done = counts.sent + counts.failed;
  const percent = percentOf(done, target);
  return { ...counts, status, errors, percent, complete: status !== "sending" && counts.pending === 0 && counts.queued === 0 };
}

/** A campaign's live progress (the campaign page polls it while it sends). */
export async function getCampaignProgress(id: number): Promise<TCampaignProgress | null> {
  const db = getDb();
  const [campaign] = await db.select({ status: campaigns.status, errors: campaigns.errors }).from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) return null;
  const [counts] = await db
    .select(CAMPAIGN_COUNTS)
    .from(campaignRecipients)
    .leftJoin(outbox, eq(outbox.id, campaignRecipients.outboxId))
    .where(eq(campaignRecipients.campaignId, id));
  return progressOf(campaign.status, campaign.errors, counts!);
}
