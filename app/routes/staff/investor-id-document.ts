import { data } from "react-router";
import type { Route } from "./+types/investor-id-document";
import { ID_DOCUMENT_CONTENT_TYPE, readIdDocument } from "@server/investments/investor-id-documents";
import { findIdDocumentOf } from "@server/investments/list-investor-applications";
import { requireRole } from "~/http/access.server";

/**
 * An applicant's ID document, for staff only (docs/product/investments.md#applications). Checked by content again, sent
 * with nosniff and a sandboxing policy so nothing in it can run, never cached; a PDF is downloaded rather than shown.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const uuid = /^[0-9a-f-]{36}$/.test(params.applicationId) ? params.applicationId : null;
  const stored = uuid ? await findIdDocumentOf(uuid) : null;
  const file = stored ? await readIdDocument(stored) : null;
  if (!file) throw data("That ID document does not exist.", { status: 404 });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": ID_DOCUMENT_CONTENT_TYPE[file.type],
      "Content-Disposition": `${file.type === "pdf" ? "attachment" : "inline"}; filename="id-document.${file.type}"`,
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
