import { data } from "react-router";
import type { Route } from "./+types/design-download";
import { openDesignDownload } from "@server/marketplace/design-downloads";
import { requireUser } from "~/http/access.server";

/**
 * A design file through a signed link from the buyer's dashboard (docs/product/marketplace.md#downloads): only for the
 * buyer who holds the link, before it expires, while downloads remain. Sent as an attachment that is never sniffed.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const opened = await openDesignDownload(viewer.id, params.token);
  if (!opened.ok) throw data({ message: opened.error.message }, { status: opened.error.status });
  const safeName = opened.fileName.replace(/[^\w .()-]/g, "_");
  return new Response(opened.bytes, {
    headers: {
      "Content-Type": opened.contentType,
      "Content-Length": String(opened.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
