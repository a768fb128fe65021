import { data } from "react-router";
import type { Route } from "./+types/submission-file";
import { requireUser } from "~/http/access.server";
import { findSubmissionFile } from "@server/academy/find-submission-file";

/** An assignment file, sent as a download to its student and to staff only, never rendered by the browser. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const id = Number(params.submissionId);
  const found = Number.isSafeInteger(id) && id > 0 ? await findSubmissionFile(viewer, id) : null;
  if (!found?.ok) throw data("This file does not exist", { status: 404 });
  const ascii = found.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(new Uint8Array(found.bytes), {
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(found.bytes.length),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(found.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
