import { and, eq, inArray, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatLagosDate } from "@domain/time/lagos-time";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { activateSubscribers, listActiveSubscribers, subscriberStatuses } from "../content/newsletter/marketing-audience";
import { getDb, type DbOrTx } from "../db/client";
import { findErasedAddresses } from "../privacy/erased-addresses";
import { mailDomain } from "../env";
import { runJobNow } from "../jobs/scheduler";
import { log } from "../log";
import { notificationPreferences } from "../notifications/schema";
import { INVALID_EMAIL, MAX_RECIPIENTS, parseRecipientList, type TCampaignInput } from "./campaign-input";
import { campaignRecipients, campaigns } from "./schema";
import { CAMPAIGN_SENDER } from "./send-campaigns";

export type TCreateCampaignResult = TResult<{ id: number }>;

type TRecipientRow = {
  email: string;
  name: string | null;
  source: string;
  tags: string[];
  status: "pending" | "skipped";
  skipReason: string | null;
};

export const NO_CONSENT = "No marketing consent: not a subscriber";
export const ATTESTED_TAG = "consent-attested-by-staff";

/** Users who switched "Marketing Emails" on in their notification preferences (all, or among these addresses). */
async function marketingUsers(tx: DbOrTx, emails?: string[]) {
  const out = new Map<string, string>();
  const parts = emails
    ? Array.from({ length: Math.ceil(emails.length / 1000) }, (_, i) => emails.slice(i * 1000, (i + 1) * 1000))
    : [undefined];
  for (const part of parts) {
    const rows = await tx
      .select({ email: sql<string>`lower(${users.email})`, name: users.name })
      .from(users)
      .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(and(eq(notificationPreferences.marketingEmails, true), part ? inArray(sql`lower(${users.email})`, part) : undefined));
    for (const r of rows) out.set(r.email, r.name);
  }
  return out;
}

/**
 * Stores the campaign and one tracking record per recipient in one transaction, then wakes the sender.
 * Consent (NDPA 2023): only active subscribers and users with marketing e-mail on are sent to, plus a pasted
 * list whose consent staff attest (imported as subscribers, source 'import'); whoever unsubscribed is
 * always skipped. Bad addresses are kept as failed records ("Invalid email format", docs/product/campaigns.md#recipients).
 */
export async function createCampaign(actor: TViewer, input: TCampaignInput): Promise<TCreateCampaignResult> {
  const domain = mailDomain();
  if (!input.senderEmail.endsWith(`@${domain}`)) {
    const message = `Send from an address at ${domain} (for example news@${domain}): mail providers refuse other domains for our messages`;
    return refuse("invalid_input", message, { field: "senderEmail" });
  }
  const list = input.audience === "list" ? parseRecipientList(input.recipients) : null;
  if (list && list.valid.length + list.invalid.length === 0)
    return refuse("invalid_input", "Paste or import at least one e-mail address", { field: "recipients" });
  if (list && list.valid.length + list.invalid.length > MAX_RECIPIENTS)
    return refuse("invalid_input", `At most ${MAX_RECIPIENTS.toLocaleString("en-NG")} addresses in one campaign`, { field: "recipients" });

  const result = await getDb().transaction(async (tx): Promise<TCreateCampaignResult> => {
    const year = new Date().getFullYear();
    const baseTags = ["campaign", `campaign_${year}`];
    const rows: TRecipientRow[] = [];
    const toActivate: { email: string; name: string | null; source: string }[] = [];

    // People who had their data deleted are left out of a pasted list without a trace (docs/product/privacy-requests.md#never-again).
    const erased = list
      ? await findErasedAddresses(
          list.valid.map((c) => c.email),
          tx,
        )
      : new Set<string>();
    const candidates = list ? list.valid.filter((c) => !erased.has(c.email)) : await audienceOfSubscribers(tx);
    const emails = candidates.map((c) => c.email);
    const statuses = await subscriberStatuses(tx, emails);
    const marketing = await marketingUsers(tx, emails);
    for (const c of candidates) {
      const sub = statuses.get(c.email);
      const name = c.name ?? marketing.get(c.email) ?? null;
      // Kept on the campaign with why it was not sent to them.
      const skipped = (skipReason: string): TRecipientRow => ({
        email: c.email,
        name,
        source: list ? "list" : "subscriber",
        tags: baseTags,
        status: "skipped",
        skipReason,
      });
      if (sub?.status === "unsubscribed") {
        const on = sub.unsubscribedAt ? ` on ${formatLagosDate(sub.unsubscribedAt)}` : "";
        rows.push(skipped(`Unsubscribed${on}`));
      } else if (sub?.status === "active") {
        rows.push({ email: c.email, name, source: "subscriber", tags: baseTags, status: "pending", skipReason: null });
      } else if (marketing.has(c.email)) {
        // Consent from the account's preferences; a subscriber row gives this address a working unsubscribe link.
        rows.push({ email: c.email, name, source: "account", tags: baseTags, status: "pending", skipReason: null });
        toActivate.push({ email: c.email, name, source: "account" });
      } else if (list && input.attest) {
        rows.push({
          email: c.email,
          name,
          source: "import",
          tags: [...baseTags, "prospect", ATTESTED_TAG],
          status: "pending",
          skipReason: null,
        });
        toActivate.push({ email: c.email, name, source: "import" });
      } else {
        rows.push(skipped(NO_CONSENT));
      }
    }
    for (const bad of list?.invalid ?? [])
      rows.push({ email: bad, name: null, source: "list", tags: baseTags, status: "skipped", skipReason: INVALID_EMAIL });
    if (rows.length === 0)
      return refuse("conflict", "Nobody has agreed to marketing e-mail yet: there is no one to send to", { field: "audience" });

    const pending = rows.filter((r) => r.status === "pending").length;
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        createdBy: actor.id,
        senderName: input.senderName,
        senderEmail: input.senderEmail,
        subject: input.subject,
        html: input.html,
        logoUrl: input.logoUrl || null,
        audience: input.audience,
        status: pending > 0 ? "sending" : "done",
        finishedAt: pending > 0 ? null : new Date(),
      })
      .returning({ id: campaigns.id });
    const id = campaign!.id;
    for (let i = 0; i < rows.length; i += 500)
      await tx.insert(campaignRecipients).values(rows.slice(i, i + 500).map((r) => ({ ...r, campaignId: id })));
    for (const source of ["import", "account"]) {
      const people = toActivate.filter((p) => p.source === source);
      if (people.length) await activateSubscribers(tx, people, source);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: "campaign.create",
      resourceType: "campaign",
      resourceId: String(id),
      newData: {
        subject: input.subject,
        audience: input.audience,
        recipients: rows.length,
        pending,
        attested: list ? input.attest : false,
        imported: toActivate.filter((p) => p.source === "import").length,
      },
    });
    return succeed({ id });
  });
  if (result.ok) await runJobNow(CAMPAIGN_SENDER).catch((error) => log.error({ error }, "could not wake the campaign sender"));
  return result;
}

/** "All subscribers who agreed to marketing": active newsletter subscribers and users with marketing e-mail on. */
async function audienceOfSubscribers(tx: DbOrTx): Promise<{ email: string; name: string | null }[]> {
  // One after another: tx may be a transaction, whose one connection runs one statement at a time.
  const subs = await listActiveSubscribers(tx);
  const marketing = await marketingUsers(tx);
  const all = new Map(subs.map((s) => [s.email, s.name]));
  for (const [email, name] of marketing) if (!all.has(email)) all.set(email, name);
  return [...all].map(([email, name]) => ({ email, name }));
}

/** How many people "All subscribers" reaches now (shown on the compose form). */
export async function countMarketingAudience(): Promise<number> {
  const db = getDb();
  const people = await audienceOfSubscribers(db);
  const statuses = await subscriberStatuses(
    db,
    people.map((p) => p.email),
  );
  return people.filter((p) => statuses.get(p.email)?.status !== "unsubscribed").length;
}
