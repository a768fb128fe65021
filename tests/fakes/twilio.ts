import { randomBytes } from "node:crypto";
import { startMessagingFake } from "./message-provider-fake";

// A local Twilio Messages API (https://www.twilio.com/docs/messaging/api/message-resource): POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth SID:token, form fields To, From, Body;
// 201 with the message and its `sid`. Errors as { code, message, more_info, status }.

export function startFakeTwilio({ accountSid, authToken, port }: { accountSid: string; authToken: string; port?: number }) {
  const basic = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  return startMessagingFake(
    {
      name: "Twilio",
      authorised: (r) => r.headers.authorization === basic,
      errorBody: (status) => ({
        code: status === 429 ? 20429 : status === 401 ? 20003 : 20500,
        message: `fake Twilio answered ${status}`,
        more_info: "https://www.twilio.com/docs/errors",
        status,
      }),
      answer(r) {
        if (r.method !== "POST" || r.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return null;
        if (!r.headers["content-type"]?.includes("application/x-www-form-urlencoded"))
          return { status: 400, body: { code: 21601, message: "form-encoded body expected", status: 400 } };
        const { To, From, Body } = r.body as Record<string, string | undefined>;
        if (!To || !/^\+\d{8,15}$/.test(To))
          return { status: 400, body: { code: 21211, message: `The 'To' number ${To} is not a valid phone number.`, status: 400 } };
        if (!From || !Body) return { status: 400, body: { code: 21603, message: "A 'From' and a 'Body' are required", status: 400 } };
        const sid = `SM${randomBytes(16).toString("hex")}`;
        return {
          status: 201,
          body: {
            sid,
            account_sid: accountSid,
            to: To,
            from: From,
            body: Body,
            status: "queued",
            num_segments: "1",
            direction: "outbound-api",
            date_created: new Date().toUTCString(),
          },
        };
      },
    },
    port,
  );
}
