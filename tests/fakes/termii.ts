import { startMessagingFake } from "./message-provider-fake";

// A local Termii (https://developers.termii.com/messaging-api): POST /api/sms/send, JSON with api_key, to
// (international format, no "+"), from, sms, type "plain", channel "generic" | "dnd" | "whatsapp";
// answers { code: "ok", message_id, message: "Successfully Sent", balance, user }.

export function startFakeTermii({ apiKey, port }: { apiKey: string; port?: number }) {
  let nextId = 3_017_000_000;
  return startMessagingFake(
    {
      name: "Termii",
      authorised: (r) => r.body.api_key === apiKey,
      errorBody: (status) => ({ message: `fake Termii answered ${status}` }),
      answer(r) {
        if (r.method !== "POST" || r.path !== "/api/sms/send") return null;
        const { to, from, sms, type, channel } = r.body as Record<string, unknown>;
        if (typeof to !== "string" || !/^234[789]\d{9}$/.test(to))
          return { status: 400, body: { message: "Phone number must be in the international format" } };
        if (typeof from !== "string" || from.length < 3 || from.length > 11)
          return { status: 400, body: { message: "Sender ID must be 3 to 11 characters" } };
        if (typeof sms !== "string" || !sms || type !== "plain" || !["generic", "dnd", "whatsapp"].includes(String(channel)))
          return { status: 400, body: { message: "sms, type and channel are required" } };
        return {
          status: 200,
          body: { code: "ok", message_id: String(nextId++), message: "Successfully Sent", balance: 9, user: "Zavolah Test" },
        };
      },
    },
    port,
  );
}
