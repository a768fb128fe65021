import { postToProvider } from "../delivery-chain";
import type { TEmailProvider } from "./types";

export const KLAVIYO_REVISION = "2024-10-15";
/** The metric whose flow sends the e-mail; its template shows {{ event.subject }} and {{ event.html|safe }}. */
export const KLAVIYO_METRIC = "Zavolah Email";

/**
 * Klaviyo has no "send this HTML" endpoint: transactional e-mail is a flow triggered by an event. We create
 * the event (POST {base}/api/events, `Authorization: Klaviyo-API-Key …`, a `revision` header, JSON:API body;
 * 202 with no body) carrying the rendered subject, HTML and text, and the account's flow on the
 * "Zavolah Email" metric sends it. `unique_id` is the outbox row, so Klaviyo drops a repeat of the same
 * attempt; it is also the message id we record, since Klaviyo returns none.
 */
export function createKlaviyo({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }): TEmailProvider {
  return {
    name: "klaviyo",
    label: "Klaviyo",
    async send(msg) {
      const uniqueId = `zavolah-outbox-${msg.reference}`;
      const [firstName, ...rest] = (msg.toName ?? "").trim().split(/\s+/);
      await postToProvider("Klaviyo", `${baseUrl.replace(/\/$/, "")}/api/events`, {
        headers: {
          Authorization: `Klaviyo-API-Key ${apiKey}`,
          revision: KLAVIYO_REVISION,
          accept: "application/vnd.api+json",
          "content-type": "application/vnd.api+json",
        },
        body: JSON.stringify({
          data: {
            type: "event",
            attributes: {
              unique_id: uniqueId,
              properties: {
                subject: msg.subject,
                html: msg.html,
                text: msg.text,
                from_email: msg.from.email,
                from_name: msg.from.name,
                tags: msg.tags,
                // Klaviyo writes the e-mail's headers itself: the flow's template links to this address.
                ...(msg.unsubscribeUrl ? { unsubscribe_url: msg.unsubscribeUrl } : {}),
              },
              metric: { data: { type: "metric", attributes: { name: KLAVIYO_METRIC } } },
              profile: {
                data: {
                  type: "profile",
                  attributes: {
                    email: msg.to,
                    ...(firstName ? { first_name: firstName } : {}),
                    ...(rest.length ? { last_name: rest.join(" ") } : {}),
                  },
                },
              },
            },
          },
        }),
      });
      return { messageId: uniqueId };
    },
  };
}
