import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { outbox } from "../messaging/schema";
import { CAMPAIGN_COUNTS } from "./campaign-progress";
import { campaignRecipients, campaigns } from "./schema";

export const CAMPAIGNS_PAGE_SIZE = 20;

/** Past campaigns, newest first, with their counts. */
export async function listCampaigns(page: number) {
  const db = getDb();
  return paginate(
    page,
    CAMPAIGNS_PAGE_SIZE,
    () => db.$count(campaigns),
    ({ limit, offset }) =>
      db
        .select({
          id: campaigns.id,
          subject: campaigns.subject,
          status: campaigns.status,
          createdAt: campaigns.createdAt,
          senderEmail: campaigns.senderEmail,
          ...CAMPAIGN_COUNTS,
        })
        .from(campaigns)
        .leftJoin(campaignRecipients, eq(campaignRecipients.campaignId, campaigns.id))
        .leftJoin(outbox, eq(outbox.id, campaignRecipients.outboxId))
        .groupBy(campaigns.id)
        .orderBy(desc(campaigns.id))
        .limit(limit)
        .offset(offset),
  );
}
