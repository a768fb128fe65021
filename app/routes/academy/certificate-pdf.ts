import { data } from "react-router";
import type { Route } from "./+types/certificate-pdf";
import { verifyPath } from "@domain/academy/certificates";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { requireUser } from "~/http/access.server";
import { certificatePdfFor } from "@server/academy/certificate-pdf";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The certificate PDF, for its owner, staff and admins; anyone else gets "not found", a revoked one a 410 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const answer = await certificatePdfFor(viewer, params.code);
  if (answer.kind === "not_found") throw data("Certificate not found", { status: 404 });
  if (answer.kind === "revoked") {
    const reason = answer.reason ? `<p>Reason: ${escapeHtml(answer.reason)}</p>` : "";
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Certificate revoked | Zavolah</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>This certificate was revoked on ${formatLagosDateLong(answer.revokedAt)}</h1>${reason}<p>Its PDF is no longer available. <a href="${verifyPath(answer.code)}">See the certificate's status</a> or <a href="/">go to the Zavolah home page</a>.</p></body></html>`;
    return new Response(page, {
      status: 410,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(Buffer.from(answer.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${answer.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
