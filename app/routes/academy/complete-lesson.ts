import { data } from "react-router";
import type { Route } from "./+types/complete-lesson";
import { requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { completeLesson } from "@server/academy/complete-lesson";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** "Mark complete": back to the lesson with the new progress, or to the certificate when it finished the course. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await completeLesson(viewer.id, params.slug, params.lesson);
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.certificateCode
        ? { type: "success", title: "Course complete!", description: "Your certificate is ready in your student dashboard." }
        : {
            type: "success",
            title: r.alreadyDone ? "Already completed" : "Lesson complete",
            description: `You are ${r.progressPct}% through the course.`,
          },
    failedTitle: "Could not save your progress",
    back: (r) => (r.ok && r.certificateCode ? "/student/dashboard" : `/academy/${params.slug}/lessons/${params.lesson}`),
  });
}
