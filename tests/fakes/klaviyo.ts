import { randomUUID } from "node:crypto";
import { startMessagingFake } from "./message-provider-fake";

// A local Klaviyo Create Event (https://developers.klaviyo.com/en/reference/create_event): POST /api/events
// with `Authorization: Klaviyo-API-Key <key>` and a `revision` header, JSON:API body with a metric and a
// profile; 202 and no body. Errors in JSON:API form.

export function startFakeKlaviyo({ apiKey, port }: { apiKey: string; port?: number }) {
  const error = (status: number, detail: string) => ({
    errors: [
      {
        id: randomUUID(),
        status,
        code: status === 429 ? "throttled" : status === 403 ? "permission_denied" : "error",
        title: `fake Klaviyo answered ${status}`,
        detail,
        source: { pointer: "/data/" },
      },
    ],
  });
  return startMessagingFake(
    {
      name: "Klaviyo",
      authorised: (r) => r.headers.authorization === `Klaviyo-API-Key ${apiKey}`,
      errorBody: (status) => error(status, status === 401 ? "Incorrect authentication credentials." : "fake failure"),
      answer(r) {
        if (r.method !== "POST" || r.path !== "/api/events") return null;
        if (!r.headers.revision) return { status: 400, body: error(400, "Missing revision header") };
        const a = (
          r.body as {
            data?: {
              type?: string;
              attributes?: {
                metric?: { data?: { attributes?: { name?: string } } };
                profile?: { data?: { attributes?: { email?: string } } };
                properties?: object;
              };
            };
          }
        ).data;
        if (
          a?.type !== "event" ||
          !a.attributes?.metric?.data?.attributes?.name ||
          !a.attributes.profile?.data?.attributes?.email ||
          !a.attributes.properties
        ) {
          return { status: 400, body: error(400, "An event needs a metric name, a profile and properties") };
        }
        return { status: 202 };
      },
    },
    port,
  );
}
