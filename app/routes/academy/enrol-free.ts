import { data } from "react-router";
import type { Route } from "./+types/enrol-free";
import { parseThen } from "@domain/errors/app-error";
import { ZFreeEnrolment } from "@domain/academy/enrolment-input";
import { requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { refererPath } from "~/http/form.server";
import { enrolInFreeCourse } from "@server/academy/enrol-in-free-course";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** One click on a free course (docs/product/academy.md#enrolment): to the course on success, back to its page otherwise. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZFreeEnrolment, fields, [], (input) => enrolInFreeCourse(viewer, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "You're enrolled", description: `Welcome to ${r.title}. Your first lesson is ready.` }),
    failedTitle: "Could not enrol",
    back: (r) => (r.ok ? `/academy/${r.slug}/learn` : refererPath(request)),
  });
}
