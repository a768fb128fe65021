import { asc, count, desc, eq, sql } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { INVALID_EMAIL } from "./campaign-input";
import { campaignRecipients, campaigns } from "./schema";

export const RECIPIENTS_PAGE_SIZE = 25;

// A skipped record is a failure (bad address, failed batch) or a consent skip (no consent, unsubscribed).
const failedSkip = sql`(${campaignRecipients.status} = 'skipped' and (${campaignRecipients.skipReason} = ${INVALID_EMAIL} or ${campaignRecipients.skipReason} like 'Batch error:%'))`;

/** Counts by state; sent and failed come from the outbox rows the recipients were queued as. */
const COUNTS = {
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
  const percent = target === 0 ? 100 : Math.floor((done * 100) / target);
  return { ...counts, status, errors, percent, complete: status !== "sending" && counts.pending === 0 && counts.queued === 0 };
}

export async function getCampaignProgress(id: number): Promise<TCampaignProgress | null> {
  const db = getDb();
  const [campaign] = await db.select({ status: campaigns.status, errors: campaigns.errors }).from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) return null;
  const [counts] = await db
    .select(COUNTS)
    .from(campaignRecipients)
    .leftJoin(outbox, eq(outbox.id, campaignRecipients.outboxId))
    .where(eq(campaignRecipients.campaignId, id));
  return progressOf(campaign.status, campaign.errors, counts!);
}

/** The campaign page: what was sent, by whom, its progress and one page of tracking records. */
export async function getCampaign(id: number, page: number) {
  const db = getDb();
  const [campaign] = await db
    .select({
      id: campaigns.id,
      subject: campaigns.subject,
      senderName: campaigns.senderName,
      senderEmail: campaigns.senderEmail,
      audience: campaigns.audience,
      createdAt: campaigns.createdAt,
      finishedAt: campaigns.finishedAt,
      createdBy: users.name,
    })
    .from(campaigns)
    .leftJoin(users, eq(users.id, campaigns.createdBy))
    .where(eq(campaigns.id, id));
  if (!campaign) return null;
  const progress = (await getCampaignProgress(id))!;
  const pageCount = Math.max(1, Math.ceil(progress.total / RECIPIENTS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const records = await db
    .select({
      id: campaignRecipients.id,
      email: campaignRecipients.email,
      name: campaignRecipients.name,
      source: campaignRecipients.source,
      tags: campaignRecipients.tags,
      status: campaignRecipients.status,
      skipReason: campaignRecipients.skipReason,
      delivery: outbox.status,
      providerMessageId: outbox.providerMessageId,
      lastError: outbox.lastError,
    })
    .from(campaignRecipients)
    .leftJoin(outbox, eq(outbox.id, campaignRecipients.outboxId))
    .where(eq(campaignRecipients.campaignId, id))
    .orderBy(asc(campaignRecipients.id))
    .limit(RECIPIENTS_PAGE_SIZE)
    .offset((current - 1) * RECIPIENTS_PAGE_SIZE);
  return { campaign, progress, records, page: current, pageCount };
}

export const CAMPAIGNS_PAGE_SIZE = 20;

/** Past campaigns, newest first, with their counts. */
export async function listCampaigns(page: number) {
  const db = getDb();
  const [{ total }] = (await db.select({ total: count() }).from(campaigns)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / CAMPAIGNS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({
      id: campaigns.id,
      subject: campaigns.subject,
      status: campaigns.status,
      createdAt: campaigns.createdAt,
      senderEmail: campaigns.senderEmail,
      ...COUNTS,
    })
    .from(campaigns)
    .leftJoin(campaignRecipients, eq(campaignRecipients.campaignId, campaigns.id))
    .leftJoin(outbox, eq(outbox.id, campaignRecipients.outboxId))
    .groupBy(campaigns.id)
    .orderBy(desc(campaigns.id))
    .limit(CAMPAIGNS_PAGE_SIZE)
    .offset((current - 1) * CAMPAIGNS_PAGE_SIZE);
  return { rows, total, page: current, pageCount };
}
