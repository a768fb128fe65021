import { postToProvider, ProviderError } from "../delivery-chain";
import type { TSmsProvider } from "./types";

/**
 * Termii messaging (https://developers.termii.com/messaging-api): POST {base}/api/sms/send, JSON with
 * api_key, to (international format without "+", e.g. 2348031234567), from (sender ID), sms, type "plain"
 * and channel ("generic"; "dnd" reaches numbers on Do-Not-Disturb once Termii enables it); the answer
 * carries `message_id`.
 */
export function createTermii({
  apiKey,
  senderId,
  channel,
  baseUrl,
}: {
  apiKey: string;
  senderId: string;
  channel: "generic" | "dnd";
  baseUrl: string;
}): TSmsProvider {
  return {
    name: "termii",
    label: "Termii",
    async send(msg) {
      const answer = (await postToProvider("Termii", `${baseUrl.replace(/\/$/, "")}/api/sms/send`, {
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ api_key: apiKey, to: msg.to.replace(/^\+/, ""), from: senderId, sms: msg.text, type: "plain", channel }),
      })) as { message_id?: unknown } | null;
      const id = answer?.message_id;
      if (typeof id !== "string" && typeof id !== "number") throw new ProviderError("Termii: the answer had no message_id", "failed");
      return { messageId: String(id) };
    },
  };
}
