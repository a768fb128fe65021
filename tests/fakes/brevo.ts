import { randomBytes } from "node:crypto";
import { startMessagingFake } from "./message-provider-fake";

// A local Brevo (https://developers.brevo.com/reference/sendtransacemail): POST /v3/smtp/email with the
// `api-key` header; 201 { messageId }. Errors as Brevo sends them: { code, message }.

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
        };
        if (!b.sender?.email) return { status: 400, body: { code: "missing_parameter", message: "sender is missing" } };
        if (!Array.isArray(b.to) || b.to.length === 0 || !b.to.every((t) => typeof t.email === "string" && t.email.includes("@")))
          return { status: 400, body: { code: "invalid_parameter", message: "to is invalid" } };
        if (!b.subject || !(b.htmlContent || b.textContent))
          return { status: 400, body: { code: "missing_parameter", message: "subject and htmlContent or textContent are required" } };
        return { status: 201, body: { messageId: `<${Date.now()}.${randomBytes(6).toString("hex")}@smtp-relay.mailin.fr>` } };
      },
    },
    port,
  );
}
