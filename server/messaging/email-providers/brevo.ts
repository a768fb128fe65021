import { listUnsubscribeHeaders } from "@domain/content/one-click-unsubscribe";
import { postToProvider, ProviderError } from "../delivery-chain";
import type { TEmailProvider } from "./types";

/**
 * Brevo transactional e-mail (https://developers.brevo.com/reference/sendtransacemail):
 * POST {base}/v3/smtp/email, `api-key` header, JSON sender/to/subject/htmlContent/textContent/tags, and for marketing
 * mail `headers` with List-Unsubscribe and List-Unsubscribe-Post; always `headers.idempotencyKey`, the outbox row's UUID,
 * so a message sent again after a crash within Brevo's window (15-30 minutes) is not delivered twice;
 * 201 answers { messageId }.
 */
export function createBrevo({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }): TEmailProvider {
  return {
    name: "brevo",
    label: "Brevo",
    async send(msg) {
      const answer = (await postToProvider("Brevo", `${baseUrl.replace(/\/$/, "")}/v3/smtp/email`, {
        headers: { accept: "application/json", "content-type": "application/json", "api-key": apiKey },
        body: JSON.stringify({
          sender: { email: msg.from.email, ...(msg.from.name ? { name: msg.from.name } : {}) },
          to: [{ email: msg.to, ...(msg.toName ? { name: msg.toName } : {}) }],
          subject: msg.subject,
          htmlContent: msg.html,
          textContent: msg.text,
          tags: msg.tags,
          // Brevo's `headers` are added to the e-mail as sent, except idempotencyKey, which Brevo keeps for itself.
          headers: {
            idempotencyKey: msg.idempotencyKey,
            ...(msg.unsubscribeUrl ? listUnsubscribeHeaders(msg.unsubscribeUrl) : {}),
          },
        }),
      })) as { messageId?: unknown } | null;
      if (typeof answer?.messageId !== "string") throw new ProviderError("Brevo: the answer had no messageId", "failed");
      return { messageId: answer.messageId };
    },
  };
}
