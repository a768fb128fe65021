import type { TEmail } from "./email-layout";
import { Action, Footnote, P } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

/**
 * The generic template (docs/product/messaging.md#templates; toName, subject, message, logoUrl): for one-off messages no
 * named template covers. The message is plain text; blank lines separate paragraphs. Pass unsubscribeUrl when
 * the message is marketing.
 */
export type TGenericEmail = {
  subject: string;
  toName?: string;
  heading?: string;
  message: string;
  action?: { label: string; url: string };
  footnote?: string;
  logoUrl?: string;
  unsubscribeUrl?: string;
};

export function genericEmail(g: TGenericEmail, siteUrl: string): TEmail {
  const paragraphs = g.message
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return renderEmail(
    g.subject,
    <EmailLayout
      preview={paragraphs[0] ?? g.subject}
      heading={g.heading ?? g.subject}
      siteUrl={siteUrl}
      logoUrl={g.logoUrl}
      unsubscribeUrl={g.unsubscribeUrl}
      social={Boolean(g.unsubscribeUrl)}
    >
      {g.toName ? <P>Hello {g.toName},</P> : null}
      {paragraphs.map((p, i) => (
        <P key={i}>{p}</P>
      ))}
      {g.action ? <Action label={g.action.label} url={g.action.url} /> : null}
      {g.footnote ? <Footnote>{g.footnote}</Footnote> : null}
    </EmailLayout>,
  );
}
