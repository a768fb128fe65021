import { data } from "react-router";
import type { Route } from "./+types/design-download";
import { openDesignDownload } from "@server/marketplace/design-downloads";
import { requireUser } from "~/http/access.server";
import { privateFile } from "~/http/send-file.server";

/**
 * A design file through a signed link from the buyer's dashboard (docs/product/marketplace.md#downloads): only for the
 * buyer who holds the link, before it expires, while downloads remain. Sent as an attachment that is never sniffed.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const opened = await openDesignDownload(viewer.id, params.token);
  if (!opened.ok) throw data({ message: opened.error.message }, { status: opened.error.status });
  return privateFile(opened.bytes, { contentType: opened.contentType, name: opened.fileName, disposition: "attachment" });
}
