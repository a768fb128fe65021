import { data } from "react-router";
import type { Route } from "./+types/quiz";
import { ZQuizAnswers } from "@domain/academy/enrolment-input";
import { parseThen } from "@domain/errors/app-error";
import { requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { submitQuiz } from "@server/academy/submit-quiz";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** A quiz attempt: marked on the server; the result comes back as a message on the lesson page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const count = Math.min(Math.max(Number(fields.questions) || 0, 0), 50);
  const answers = Array.from({ length: count }, (_, i) => fields[`answer-${i}`] ?? "");
  const result = await parseThen(ZQuizAnswers, { answers: answers.map((a) => (a === "" ? "x" : a)) }, [], (input) =>
    submitQuiz(viewer.id, params.slug, params.lesson, input.answers),
  );
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: r.passed ? "success" : "error",
      title: r.passed ? `Passed: ${r.scorePct}%` : `Not yet: ${r.scorePct}%`,
      description: `${r.correct} of ${r.questions} correct; the pass mark is ${r.passMarkPct}%.${r.certificateCode ? " Course complete: your certificate is ready." : r.passed ? "" : r.attemptsLeft === null ? " Read the lesson again and retry." : ` ${r.attemptsLeft} attempt${r.attemptsLeft === 1 ? "" : "s"} left.`}`,
    }),
    failedTitle: "Quiz not submitted",
    back: `/academy/${params.slug}/lessons/${params.lesson}`,
  });
}
