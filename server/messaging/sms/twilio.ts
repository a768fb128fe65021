import { postToProvider, ProviderError } from "../delivery-chain";
import type { TSmsProvider } from "./types";

/**
 * Twilio Programmable SMS (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth (SID:token), form fields
 * To, From, Body; 201 answers the message with its `sid`.
 */
export function createTwilio({
  accountSid,
  authToken,
  from,
  baseUrl,
}: {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
}): TSmsProvider {
  const auth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    label: "Twilio",
    async send(msg) {
      const answer = (await postToProvider(
        "Twilio",
        `${baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
        {
          headers: { Authorization: auth, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({ To: msg.to, From: from, Body: msg.text }).toString(),
        },
      )) as { sid?: unknown } | null;
      if (typeof answer?.sid !== "string") throw new ProviderError("Twilio: the answer had no sid", "failed");
      return { messageId: answer.sid };
    },
  };
}
