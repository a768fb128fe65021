import { SUBMISSION_STATUS_LABELS, type TSubmissionStatus } from "@domain/academy/academy";

// The word carries the meaning; the colour only repeats it, so the badge reads in both themes.
const TONE: Record<TSubmissionStatus, string> = {
  not_submitted: "border-line text-muted",
  submitted: "border-brand/60 text-brand",
  late: "border-accent/60 text-accent",
  graded: "border-brand/60 bg-brand/10 text-brand",
};

export function SubmissionStatusBadge({ status }: { status: TSubmissionStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}
      data-testid="submission-status"
    >
      {SUBMISSION_STATUS_LABELS[status]}
    </span>
  );
}
