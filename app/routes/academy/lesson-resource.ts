import { data } from "react-router";
import type { Route } from "./+types/lesson-resource";
import { hasRoleLevel } from "@domain/access/roles";
import { getViewerFrom } from "~/http/access.server";
import { readLessonMediaLink } from "@server/academy/lesson-media-links";
import { sendFileWithRanges } from "~/http/send-file.server";
import { findLessonResource } from "@server/academy/find-lesson-resource";

/** A lesson's resource as a download: never shown inline, never sniffed, not kept by shared caches. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.resourceId);
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  // The app's signed link names the person (docs/product/api-gateway.md#academy); otherwise the cookie's viewer.
  const url = new URL(request.url);
  const link = readLessonMediaLink(url.pathname, url.searchParams);
  if (link.kind === "refused") throw data(link.message, { status: 403 });
  const viewer = getViewerFrom(context);
  const found = await findLessonResource(
    id,
    link.kind === "valid"
      ? { id: link.userId, isStaff: false }
      : viewer
        ? { id: viewer.id, isStaff: hasRoleLevel(viewer.role, "staff") }
        : null,
  );
  if (!found.ok) throw data(found.error.message, { status: found.error.status });
  return sendFileWithRanges(request, found.file, found.contentType, {
    "Content-Disposition": `attachment; filename="${found.downloadName}"`,
    "Cache-Control": "private, no-store",
  });
}
