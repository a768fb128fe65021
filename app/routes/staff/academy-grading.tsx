import { Link, useFetcher, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/academy-grading";
import { JsFlag } from "~/components/ui/js-flag";
import { Field, FormError, TextareaField } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { BackLink, ResultCount } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { assignmentHref, formatFileSize, GRADING_PAGE_SIZE, MAX_FEEDBACK_CHARS, submissionFileHref } from "@domain/academy/academy";
import { ZGradeSubmission } from "@domain/academy/assignment-input";
import { parseThen } from "@domain/errors/app-error";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { gradeSubmission } from "@server/academy/grade-submission";
import { listGradingQueue } from "@server/academy/list-grading-queue";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/academy/grading", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  return listGradingQueue(page);
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result = await parseThen(ZGradeSubmission, fields, ["score", "feedback"], (input) => gradeSubmission(staff, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: `Graded: ${r.score}/${r.maxScore}`,
      description: `${r.studentName}'s “${r.assignmentTitle}”. ${
        r.certificateCode ? "That completes the course: the certificate has been issued." : "The student has been told by e-mail."
      }`,
    }),
    failedTitle: "Not graded",
  });
}

/**
 * A grade keeps the queue as it is (the graded row says so, with its toast) instead of reloading it under the
 * grader's hands; the next visit shows the queue without it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, actionResult, defaultShouldRevalidate }) =>
  formAction === "/staff/academy/grading" && (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

type TRow = Route.ComponentProps["loaderData"]["rows"][number];

function SubmissionRow({ row }: { row: TRow }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { answer, busy, formError, fieldError } = useActionToast(fetcher);
  return (
    <li className={cardClass} data-testid="grading-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {row.student.name}: {row.assignment.title}
        </h2>
        {row.late ? (
          <span className="inline-flex items-center rounded-full border border-accent/60 px-2.5 py-0.5 text-xs font-semibold text-accent">
            Late
          </span>
        ) : null}
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Course</dt>
        <dd>
          <Link to={assignmentHref(row.course.slug, row.assignment.id)} className="text-brand underline">
            {row.course.title}
          </Link>
        </dd>
        <dt className="text-muted">Student</dt>
        <dd className="break-words">
          {row.student.name} ·{" "}
          <a href={`mailto:${row.student.email}`} className="text-brand underline">
            {row.student.email}
          </a>
        </dd>
        <dt className="text-muted">Handed in</dt>
        <dd>
          {formatLagosDateTime(row.submittedAt)}
          {row.late ? " · after the due date" : ""}
        </dd>
        {row.fileName ? (
          <>
            <dt className="text-muted">File</dt>
            <dd className="break-words">
              <a href={submissionFileHref(row.id)} className="text-brand underline" download>
                {row.fileName}
              </a>
              {row.fileBytes ? <span className="text-muted"> ({formatFileSize(row.fileBytes)})</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
      {row.text ? (
        <details className="mt-3 text-sm" open={row.text.length < 600}>
          <summary className="cursor-pointer font-medium">Written answer</summary>
          <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-surface-2 p-3">{row.text}</p>
        </details>
      ) : null}
      {answer?.ok ? (
        <p role="status" className="mt-4 border-t border-line pt-4 font-semibold text-brand">
          {answer.toast.title}. {answer.toast.description}
        </p>
      ) : (
        <fetcher.Form method="post" action="/staff/academy/grading" className="mt-4 space-y-3 border-t border-line pt-4" noValidate>
          <JsFlag />
          <input type="hidden" name="submissionId" value={row.id} />
          <FormError message={formError} />
          <Field
            className="sm:w-48"
            label={`Score (0 to ${row.assignment.maxScore})`}
            name="score"
            type="number"
            inputMode="numeric"
            min={0}
            max={row.assignment.maxScore}
            step={1}
            required
            hint={`Pass: ${row.assignment.passScore}`}
            error={fieldError("score")}
          />
          <TextareaField
            label="Feedback"
            name="feedback"
            rows={4}
            maxLength={MAX_FEEDBACK_CHARS}
            required
            hint={`What went well and what to improve; up to ${MAX_FEEDBACK_CHARS} characters. The student reads it.`}
            error={fieldError("feedback")}
          />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            Save grade
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

export default function StaffGrading({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  const first = total === 0 ? 0 : (page - 1) * GRADING_PAGE_SIZE + 1;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/academy">Academy</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Grading</h1>
        <p className="mt-1 text-muted">
          Assignments waiting for a grade, oldest first. Give a whole score and feedback: the student is told by e-mail, and a grade that
          completes the course issues the certificate.
        </p>
      </header>
      <ResultCount total={total} first={first} shown={rows.length} noun="submission" none="Nothing to grade." testId="grading-count" />
      {rows.length > 0 ? (
        <ul className="space-y-4" aria-label="Submissions to grade">
          {rows.map((row) => (
            <SubmissionRow key={row.id} row={row} />
          ))}
        </ul>
      ) : (
        <div className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
          Submissions appear here as students hand in their assignments.
        </div>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={(p) => (p > 1 ? `/staff/academy/grading?page=${p}` : "/staff/academy/grading")} />
    </div>
  );
}
