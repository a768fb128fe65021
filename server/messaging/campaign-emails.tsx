import { Section } from "@react-email/components";
import type { TEmail } from "./email-layout";
import { Action } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { htmlToPlainText, renderEmail } from "./templates/render";
import { sanitizeEmailHtml } from "./templates/sanitize-html";
import { INK } from "./templates/theme";

export type TCampaignContent = {
  subject: string;
  /** The staff-authored body: any HTML; only the allowlisted formatting survives (templates/sanitize-html.ts). */
  html: string;
  /** The campaign's own logo in the header; the Zavolah mark when absent. */
  logoUrl?: string | null;
  /** The recipient's own one-click unsubscribe link (unsubscribeUrlFor): every campaign is marketing mail. */
  unsubscribeUrl: string;
};

/**
 * The campaign template (docs/product/campaigns.md): branded header, the body, a visit button, social footer, unsubscribe and privacy
 * links. The plain text is the sanitised body with its tags stripped (links spelled out), plus the frame's links.
 */
export function campaignEmail(c: TCampaignContent, siteUrl: string): TEmail {
  const body = sanitizeEmailHtml(c.html);
  const preview = htmlToPlainText(body).replace(/\s+/g, " ").slice(0, 140);
  // A site path ("/images/harmattan.png") must become absolute: a mail client has no base URL.
  const logoUrl = c.logoUrl ? new URL(c.logoUrl, siteUrl).href : undefined;
  return renderEmail(
    c.subject,
    <EmailLayout preview={preview} siteUrl={siteUrl} logoUrl={logoUrl} unsubscribeUrl={c.unsubscribeUrl} social>
      {/* The one place raw HTML enters a template, and only after the allowlist above. */}
      <Section style={{ fontSize: "16px", lineHeight: "1.5", color: INK }}>
        <div dangerouslySetInnerHTML={{ __html: body }} />
      </Section>
      <Action label="Visit Zavolah" url={siteUrl} />
    </EmailLayout>,
  );
}
