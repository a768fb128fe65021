import type { Route } from "./+types/remind";
import { ZRemindMe } from "@domain/academy/certificate-input";
import { parseThen } from "@domain/errors/app-error";
import { actionResponse } from "~/http/action-response.server";
import { requireUser } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { rememberCourseInterest } from "@server/academy/remember-course-interest";

/** "Remind me" on a course page: POST courseId; the course deadline reminder then goes to this person. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZRemindMe, fields, [], ({ courseId }) => rememberCourseInterest(viewer.id, courseId));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: "Reminder set",
      description: `We'll remind you before enrolment for ${r.courseTitle} closes.`,
    }),
    failedTitle: "Reminder not set",
  });
}
