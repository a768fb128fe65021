import { randomBytes } from "node:crypto";
import { startMessagingFake } from "./message-provider-fake";

// A local Brevo (https://developers.brevo.com/reference/sendtransacemail): POST /v3/smtp/email with the
// `api-key` header; 201 { messageId }. Errors as Brevo sends them: { code, message }. Idempotency as documented
// (https://developers.brevo.com/docs/heterogenous-versions-batch-emails): a UUID in `headers.idempotencyKey` seen
// within the last 15 minutes is answered with the first request's messageId and not delivered again.

const IDEMPOTENCY_TTL_MS = 15 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CODES: Record<number, string> = {
  400: "missing_parameter",
  401: "unauthorized",
  403: "permission_denied",
  404: "document_not_found",
  429: "too_many_requests",
  451: "unavailable_for_legal_reasons",
  500: "internal_error",
};

export function startFakeBrevo({ apiKey, port }: { apiKey: string; port?: number }) {
  const seen = new Map<string, { messageId: string; at: number }>();
  return startMessagingFake(
    {
      name: "Brevo",
      authorised: (r) => r.headers["api-key"] === apiKey,
      errorBody: (status) => ({ code: CODES[status] ?? "error", message: `fake Brevo answered ${status}` }),
      answer(r) {
        if (r.method !== "POST" || r.path !== "/v3/smtp/email") return null;
        const b = r.body as {
          sender?: { email?: string };
          to?: { email?: string }[];
          subject?: string;
          htmlContent?: string;
          textContent?: string;
          headers?: Record<string, unknown>;
        };
        if (!b.sender?.email) return { status: 400, body: { code: "missing_parameter", message: "sender is missing" } };
        if (!Array.isArray(b.to) || b.to.length === 0 || !b.to.every((t) => typeof t.email === "string" && t.email.includes("@")))
          return { status: 400, body: { code: "invalid_parameter", message: "to is invalid" } };
        if (!b.subject || !(b.htmlContent || b.textContent))
          return { status: 400, body: { code: "missing_parameter", message: "subject and htmlContent or textContent are required" } };
        const key = b.headers?.idempotencyKey;
        if (key !== undefined && (typeof key !== "string" || !UUID.test(key)))
          return { status: 400, body: { code: "invalid_parameter", message: "idempotencyKey must be a UUID" } };
        const earlier = key ? seen.get(key) : undefined;
        if (earlier && Date.now() - earlier.at < IDEMPOTENCY_TTL_MS)
          return { status: 201, body: { messageId: earlier.messageId }, repeat: true };
        const messageId = `<${Date.now()}.${randomBytes(6).toString("hex")}@smtp-relay.mailin.fr>`;
        if (key) seen.set(key, { messageId, at: Date.now() });
        return { status: 201, body: { messageId } };
      },
    },
    port,
  );
}
