import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { enrol } from "../../../tests/support/certificate-fixtures";
import { makeUser } from "../../../tests/support/store-fixtures";
// Renamed: in app/ the React hooks lint would take a use- name for a hook.
import { useTestDatabase as withTestDatabase } from "../../../tests/support/test-database";
import { viewerContext } from "~/http/access.server";
import { signLessonMediaLink } from "@server/academy/lesson-media-links";
import { lessonResources, lessons } from "@server/academy/schema";
import { getDb } from "@server/db/client";
import { findSeededCourse, seedAcademy } from "@server/db/seed/seed-academy";
import { env } from "@server/env";
import { loader as mediaLoader } from "./lesson-media";
import { loader as resourceLoader } from "./lesson-resource";

// The app's signed links to lesson videos and files (docs/product/api-gateway.md#academy): opened without a cookie by
// the student they name, while they last; a changed, forged or expired link is refused, and a link stops working for a
// student whose enrolment has ended.

withTestDatabase();

const VIDEO = "fake mp4 bytes of the working-safely lesson";
let lessonId: number;
let resourceId: number;
let courseId: number;
let intakeId: number;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "zavolah-media-links-"));
  Object.assign(env, { DATA_DIR: dataDir });
  mkdirSync(join(dataDir, "academy", "videos"), { recursive: true });
  mkdirSync(join(dataDir, "academy", "resources"), { recursive: true });
  writeFileSync(join(dataDir, "academy", "videos", "safety.mp4"), VIDEO);
  writeFileSync(join(dataDir, "academy", "resources", "checklist.pdf"), "%PDF-1.4 checklist");
  await seedAcademy("nobody@example.ng");
  const { course, intakes } = await findSeededCourse("solar-installation-fundamentals");
  courseId = course.id;
  intakeId = intakes.find((i) => i.enrolmentClosesAt.getTime() > Date.now())!.id;
  // A lesson that is not a preview, with an uploaded video and a file.
  const [lesson] = await getDb()
    .update(lessons)
    .set({ videoPath: "academy/videos/safety.mp4" })
    .where(and(eq(lessons.courseId, courseId), eq(lessons.slug, "working-safely")))
    .returning({ id: lessons.id, isPreview: lessons.isPreview });
  expect(lesson!.isPreview).toBe(false);
  lessonId = lesson!.id;
  const [resource] = await getDb()
    .insert(lessonResources)
    .values({ lessonId, title: "Safety checklist", filePath: "academy/resources/checklist.pdf", contentType: "application/pdf", bytes: 18 })
    .returning({ id: lessonResources.id });
  resourceId = resource!.id;
});

/** Opens a link as a phone's player does: no cookie, so no viewer. */
async function open(url: string, loader: typeof mediaLoader | typeof resourceLoader, params: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(viewerContext, null);
  try {
    return await loader({ request: new Request(url), context, params } as never);
  } catch (thrown) {
    return thrown as { init?: { status?: number }; data?: unknown };
  }
}
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 0);

const videoPath = () => `/academy/media/lessons/${lessonId}/video`;
const openVideo = (url: string) => open(url, mediaLoader, { lessonId: String(lessonId), rendition: "video" });

describe("a signed link to a lesson's video", () => {
  it("plays for the enrolled student it names, without a cookie, with range requests", async () => {
    const student = await makeUser("customer", "Ngozi Okafor");
    await enrol(student.id, courseId, intakeId);
    const { url } = signLessonMediaLink(videoPath(), student.id);
    const answer = await openVideo(url);
    expect(statusOf(answer)).toBe(200);
    expect(await (answer as Response).text()).toBe(VIDEO);

    const context = new RouterContextProvider();
    context.set(viewerContext, null);
    const ranged = (await mediaLoader({
      request: new Request(url, { headers: { Range: "bytes=0-3" } }),
      context,
      params: { lessonId: String(lessonId), rendition: "video" },
    } as never)) as Response;
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("fake");
  });

  it("is refused when expired, forged, moved to another person or another lesson, and without one a visitor cannot watch", async () => {
    const student = await makeUser("customer", "Bayo Adekunle");
    await enrol(student.id, courseId, intakeId);
    const stranger = await makeUser("customer", "Segun Ade");

    const old = signLessonMediaLink(videoPath(), student.id, new Date(Date.now() - 16 * 60_000));
    expect(statusOf(await openVideo(old.url))).toBe(403);

    const good = new URL(signLessonMediaLink(videoPath(), student.id).url);
    const forged = new URL(good);
    forged.searchParams.set("sig", "A".repeat(43));
    expect(statusOf(await openVideo(forged.toString()))).toBe(403);
    const lent = new URL(good);
    lent.searchParams.set("u", stranger.id);
    expect(statusOf(await openVideo(lent.toString()))).toBe(403);
    const later = new URL(good);
    later.searchParams.set("exp", String(Number(good.searchParams.get("exp")) + 3600));
    expect(statusOf(await openVideo(later.toString()))).toBe(403);

    // A link signed for a stranger (not enrolled) is valid but the lesson's rule still applies.
    expect(statusOf(await openVideo(signLessonMediaLink(videoPath(), stranger.id).url))).toBe(403);
    expect(statusOf(await openVideo(`http://localhost:3000${videoPath()}`))).toBe(401);
  });
});

describe("a signed link to a lesson's file", () => {
  it("downloads for the student it names and for nobody with a link of another file", async () => {
    const student = await makeUser("customer", "Chidinma Eze");
    await enrol(student.id, courseId, intakeId);
    const path = `/academy/media/resources/${resourceId}`;
    const answer = await open(signLessonMediaLink(path, student.id).url, resourceLoader, { resourceId: String(resourceId) });
    expect(statusOf(answer)).toBe(200);
    expect((answer as Response).headers.get("content-disposition")).toBe('attachment; filename="Safety checklist.pdf"');
    // The video's link does not open the file.
    const videoLink = new URL(signLessonMediaLink(videoPath(), student.id).url);
    const moved = `http://localhost:3000${path}${videoLink.search}`;
    expect(statusOf(await open(moved, resourceLoader, { resourceId: String(resourceId) }))).toBe(403);
  });
});
