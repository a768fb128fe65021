import { env } from "../env";

export type TOutgoing = { to: string; toName: string | null; subject: string; html: string; text: string };
export type TTransport = { name: string; send(msg: TOutgoing): Promise<{ messageId: string }> };

/**
 * SMTP when SMTP_URL is set; otherwise the local mailbox: the outbox row itself, marked delivered,
 * is what admins read at /admin/mailbox, so sign-up works on a fresh machine.
 */
export async function createTransport(smtpUrl = env.SMTP_URL): Promise<TTransport> {
  if (smtpUrl) {
    const nodemailer = await import("nodemailer");
    const transporter = nodemailer.default.createTransport(smtpUrl);
    return {
      name: "smtp",
      async send(msg) {
        const info = await transporter.sendMail({
          from: env.MAIL_FROM,
          to: msg.toName ? { name: msg.toName, address: msg.to } : msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
        });
        return { messageId: String(info.messageId) };
      },
    };
  }
  return { name: "mailbox", send: async () => ({ messageId: `mailbox-${Date.now()}` }) };
}
