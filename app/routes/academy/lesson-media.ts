import { data } from "react-router";
import type { Route } from "./+types/lesson-media";
import { getViewerFrom } from "~/http/access.server";
import { lessonFileReader } from "@server/academy/lesson-media-links";
import { sendFileWithRanges } from "~/http/send-file.server";
import { findLessonMedia } from "@server/academy/find-lesson-media";

/** A lesson's video, with range requests, to those who may watch it (docs/product/academy.md#lessons-and-progress). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lessonId = Number(params.lessonId);
  const rendition = params.rendition === "low" ? "low" : params.rendition === "video" ? "video" : null;
  if (!Number.isInteger(lessonId) || lessonId <= 0 || !rendition) throw data("Not found", { status: 404 });
  // The app's signed link names the person (docs/product/api-gateway.md#academy); otherwise the cookie's viewer.
  const asking = lessonFileReader(new URL(request.url), getViewerFrom(context));
  if (!asking.ok) throw data(asking.message, { status: 403 });
  const found = await findLessonMedia(lessonId, rendition, asking.reader);
  if (!found.ok) throw data(found.error.message, { status: found.error.status });
  // Private: a video of a paid lesson must not sit in a shared cache.
  return sendFileWithRanges(request, found.file, found.contentType, { "Cache-Control": "private, max-age=3600" });
}
