import { asc, eq } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { outbox } from "../messaging/schema";
import { getCampaignProgress } from "./campaign-progress";
import { campaignRecipients, campaigns } from "./schema";

export const RECIPIENTS_PAGE_SIZE = 25;

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
  const records = await paginate(
    page,
    RECIPIENTS_PAGE_SIZE,
    async () => progress.total,
    ({ limit, offset }) =>
      db
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
        .limit(limit)
        .offset(offset),
  );
  return { campaign, progress, records: records.rows, page: records.page, pageCount: records.pageCount };
}
