import nodemailer from "nodemailer";
import { listUnsubscribeHeaders } from "@domain/content/one-click-unsubscribe";
import { ProviderError } from "../delivery-chain";
import type { TEmailProvider } from "./types";

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtp(smtpUrl: string): TEmailProvider {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: "smtp",
    label: "SMTP",
    async send(msg) {
      try {
        const info = await transporter.sendMail({
          from: msg.from.name ? { name: msg.from.name, address: msg.from.email } : msg.from.email,
          to: msg.toName ? { name: msg.toName, address: msg.to } : msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          ...(msg.unsubscribeUrl ? { headers: listUnsubscribeHeaders(msg.unsubscribeUrl) } : {}),
        });
        return { messageId: String(info.messageId) };
      } catch (error) {
        throw new ProviderError(`SMTP: ${(error as Error).message}`, "failed");
      }
    },
  };
}
