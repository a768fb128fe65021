import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { sameAddress } from "../db/erase-text";
import { campaignRecipients } from "./schema";

/** A campaign keeps its counts; its tracking records of the person no longer say who they were (docs/product/privacy-requests.md). */
export async function forgetCampaignRecipient(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const rows = await tx
    .update(campaignRecipients)
    .set({ email: p.erasedEmail, name: null })
    .where(sameAddress(campaignRecipients.email, p.email))
    .returning({ id: campaignRecipients.id });
  return { rows: rows.length };
}
