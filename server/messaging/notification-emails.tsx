import type { TEmail } from "./email-layout";
import { Action, Footnote, P } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

/** The e-mail copy of an in-app notification (reminders), with a link to manage preferences. */
export function notificationEmail(
  p: { name: string; title: string; subject?: string; message: string; link?: string },
  siteUrl: string,
): TEmail {
  return renderEmail(
    p.subject ?? p.title,
    <EmailLayout preview={p.message} heading={p.title} siteUrl={siteUrl}>
      <P>Hello {p.name},</P>
      <P>{p.message}</P>
      {p.link ? <Action label="Open on Zavolah" url={new URL(p.link, siteUrl).href} /> : null}
      <Footnote>You can turn these e-mails off under Notification Preferences in your account.</Footnote>
    </EmailLayout>,
  );
}
