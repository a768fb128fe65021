import { data } from "react-router";
import type { Route } from "./+types/lesson-resource";
import { getViewerFrom } from "~/http/access.server";
import { lessonFileReader } from "@server/academy/lesson-media-links";
import { sendFileWithRanges } from "~/http/send-file.server";
import { findLessonResource } from "@server/academy/find-lesson-resource";

/** A lesson's resource as a download: never shown inline, never sniffed, not kept by shared caches. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.resourceId);
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  // The app's signed link names the person (docs/product/api-gateway.md#academy); otherwise the cookie's viewer.
  const asking = lessonFileReader(new URL(request.url), getViewerFrom(context));
  if (!asking.ok) throw data(asking.message, { status: 403 });
  const found = await findLessonResource(id, asking.reader);
  if (!found.ok) throw data(found.error.message, { status: found.error.status });
  return sendFileWithRanges(request, found.file, found.contentType, {
    "Content-Disposition": `attachment; filename="${found.downloadName}"`,
    "Cache-Control": "private, no-store",
  });
}
