import { renderEmail, type TEmail } from "./email-layout";

/** The e-mail copy of an in-app notification (reminders), with a link to manage preferences. */
export function notificationEmail(p: { name: string; title: string; message: string; link?: string }, siteUrl: string): TEmail {
  return renderEmail({
    subject: p.title,
    heading: p.title,
    paragraphs: [`Hello ${p.name},`, p.message],
    action: p.link ? { label: "Open on Zavolah", url: new URL(p.link, siteUrl).href } : undefined,
    footnote: "You can turn these e-mails off under Notification Preferences in your account.",
  });
}
