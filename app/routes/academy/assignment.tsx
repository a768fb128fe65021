import { useState, type FormEvent } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/assignment";
import { JsFlag } from "~/components/ui/js-flag";
import { FormError, TextareaField } from "~/components/ui/field";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { SubmissionStatusBadge } from "~/components/academy/submission-status-badge";
import {
  formatFileSize,
  MAX_SUBMISSION_BYTES,
  MAX_SUBMISSION_TEXT,
  SUBMISSION_ACCEPT,
  SUBMISSION_STATUS_LABELS,
  submissionFileHref,
  submissionStatus,
} from "@domain/academy/academy";
import { ZSubmitAssignment } from "@domain/academy/assignment-input";
import { parseThen, type TFailure } from "@domain/errors/app-error";
import { formatLagosDateTime, formatLagosDateTimeLong } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { findAssignmentForViewer } from "@server/academy/find-assignment-for-viewer";
import { submitAssignment } from "@server/academy/submit-assignment";
import { readFormData } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) =>
  metaFor("/academy/:slug/assignments/:assignmentId", args, { title: args.data ? args.data.assignment.title : "Assignment" });

/** Not this viewer's assignment: an error page with the reason (404 unknown, 403 not a student of the course). */
function refusedPage(failure: TFailure): never {
  throw data({ message: failure.error.message }, { status: failure.error.status });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const assignmentId = Number(params.assignmentId);
  if (!Number.isSafeInteger(assignmentId) || assignmentId <= 0) throw data({ message: "This assignment does not exist" }, { status: 404 });
  const found = await findAssignmentForViewer(viewer, { courseSlug: params.slug, assignmentId });
  if (!found.ok) refusedPage(found);
  const { ok: _ok, ...page } = found;
  return page;
}

/** Room for the written answer and the form's other fields on top of the largest file. */
const MAX_BODY_BYTES = MAX_SUBMISSION_BYTES + 1024 * 1024;

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  // A body far over the limit is refused before it is read into memory (the page checks the size first with JavaScript).
  if (Number(request.headers.get("content-length")) > MAX_BODY_BYTES)
    throw data({ message: "The file must be 10 MB or smaller. Go back and choose a smaller one." }, { status: 413 });
  const form = await readFormData(request);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const upload = form.get("file");
  const file = upload instanceof File && upload.size > 0 ? upload : null;
  const input = { assignmentId: params.assignmentId, text: fields.text, keepFile: fields.keepFile };
  const result = await parseThen(ZSubmitAssignment, input, ["text"], (parsed) =>
    submitAssignment(viewer, { ...parsed, courseSlug: params.slug, file }),
  );
  // Someone else's assignment, or one that does not exist: refused outright, with or without JavaScript.
  if (!result.ok && (result.error.code === "forbidden" || result.error.code === "not_found")) refusedPage(result);
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: r.late ? "Handed in late" : "Handed in",
      description: r.late ? "It was after the due date, so it is marked late." : "Your tutor will grade it and you will be told.",
    }),
    failedTitle: "Not handed in",
  });
}

export default function AssignmentPage({ loaderData }: Route.ComponentProps) {
  const { course, assignment, dueAt, submission, readOnly } = loaderData;
  const status = submissionStatus(submission);
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  const [tooBig, setTooBig] = useState<string | null>(null);
  const graded = status === "graded";
  /** The size is checked here too, so a phone on mobile data does not upload 30 MB to be told no. */
  function checkSize(event: FormEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get("file");
    if (file instanceof File && file.size > MAX_SUBMISSION_BYTES) {
      event.preventDefault();
      setTooBig(`${file.name} is ${formatFileSize(file.size)}: the file must be 10 MB or smaller`);
    } else setTooBig(null);
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <header>
        <p className="text-sm">
          <Link to={readOnly ? `/academy/${course.slug}` : `/academy/${course.slug}/learn`} className="text-brand underline">
            {course.title}
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-bold">{assignment.title}</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">Due</dt>
          <dd>
            {dueAt ? (
              <time dateTime={new Date(dueAt).toISOString()} data-testid="due-at">
                {formatLagosDateTimeLong(dueAt)}
              </time>
            ) : (
              `${assignment.dueDaysAfterStart} days after the intake starts`
            )}
          </dd>
          <dt className="text-muted">Maximum score</dt>
          <dd>
            {assignment.maxScore} (pass: {assignment.passScore})
          </dd>
          {readOnly ? null : (
            <>
              <dt className="text-muted">Status</dt>
              <dd>
                <SubmissionStatusBadge status={status} />
              </dd>
            </>
          )}
        </dl>
      </header>

      {readOnly ? (
        <p className="rounded-lg border border-line bg-surface-2 px-4 py-3 text-sm text-muted">
          You are viewing this assignment as staff. Students hand it in here; grade it from{" "}
          <Link to="/staff/academy/grading" className="text-brand underline">
            the grading queue
          </Link>
          .
        </p>
      ) : null}

      <section aria-labelledby="instructions" className={cardClass}>
        <h2 id="instructions" className="text-lg font-semibold">
          Instructions
        </h2>
        <p className="mt-2 whitespace-pre-line break-words">{assignment.instructions}</p>
      </section>

      {submission ? (
        <section aria-labelledby="your-submission" className={cardClass} data-testid="submission">
          <h2 id="your-submission" className="text-lg font-semibold">
            Your submission
          </h2>
          <p className="mt-1 text-sm text-muted">
            Handed in {formatLagosDateTime(submission.submittedAt)}
            {submission.late ? " · after the due date" : ""}
          </p>
          {submission.text ? <p className="mt-3 whitespace-pre-line break-words">{submission.text}</p> : null}
          {submission.fileName ? (
            <p className="mt-3 text-sm">
              File:{" "}
              <a href={submissionFileHref(submission.id)} className="text-brand underline" download>
                {submission.fileName}
              </a>
              {submission.fileBytes ? <span className="text-muted"> ({formatFileSize(submission.fileBytes)})</span> : null}
            </p>
          ) : null}
          {graded ? (
            <div className="mt-4 border-t border-line pt-4" data-testid="grade">
              <p className="text-lg font-semibold">
                Score: {submission.score} / {assignment.maxScore}
                {submission.score !== null && submission.score >= assignment.passScore ? " · passed" : " · below the pass score"}
              </p>
              <h3 className="mt-2 text-sm font-semibold text-muted">Feedback from your tutor</h3>
              <p className="mt-1 whitespace-pre-line break-words">{submission.feedback}</p>
            </div>
          ) : null}
        </section>
      ) : null}

      {readOnly || graded ? null : (
        <section aria-labelledby="hand-in" className={cardClass}>
          <h2 id="hand-in" className="text-lg font-semibold">
            {submission ? "Replace your submission" : "Hand in"}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Write your answer, attach a file, or both. You can replace it until it is graded
            {dueAt ? `; after ${formatLagosDateTimeLong(dueAt)} it is still accepted but marked late` : ""}.
          </p>
          <fetcher.Form
            method="post"
            encType="multipart/form-data"
            className="mt-4 space-y-4"
            key={submission ? String(submission.submittedAt) : "new"}
            onSubmit={checkSize}
          >
            <JsFlag />
            <FormError message={formError} />
            <TextareaField
              label="Your answer"
              name="text"
              rows={8}
              maxLength={MAX_SUBMISSION_TEXT}
              defaultValue={submission?.text ?? ""}
              error={fieldError("text")}
            />
            <FileInput error={tooBig ?? fieldError("file")} />
            {submission?.fileName ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="keepFile" defaultChecked className="size-4" />
                Keep {submission.fileName} if I do not choose a new file
              </label>
            ) : null}
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? "Uploading…" : submission ? "Replace submission" : "Hand in"}
            </button>
          </fetcher.Form>
        </section>
      )}
      <p className="sr-only" aria-live="polite">
        {readOnly ? "" : `Status: ${SUBMISSION_STATUS_LABELS[status]}`}
      </p>
    </div>
  );
}

function FileInput({ error }: { error?: string }) {
  return (
    <div>
      <label htmlFor="submission-file" className="mb-1 block text-sm font-medium text-fg">
        File
      </label>
      <input
        id="submission-file"
        type="file"
        name="file"
        accept={SUBMISSION_ACCEPT}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "submission-file-error" : "submission-file-hint"}
      />
      {error ? (
        <p id="submission-file-error" className="mt-1 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : (
        <p id="submission-file-hint" className="mt-1 text-xs text-muted">
          PDF, PNG, JPEG, WebP, DOCX or ZIP, up to 10 MB.
        </p>
      )}
    </div>
  );
}
