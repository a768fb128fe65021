import { COURSE_STATUSES, type TCourseStatus } from "@domain/academy/course-authoring";

const STATUS_BADGE: Record<TCourseStatus, string> = {
  draft: "bg-surface-2 text-fg",
  published: "bg-brand/15 text-brand",
  archived: "bg-danger/10 text-danger",
};

export function StatusBadge({ status }: { status: string }) {
  const s = (status in COURSE_STATUSES ? status : "draft") as TCourseStatus;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[s]}`} data-testid="course-status">
      {COURSE_STATUSES[s]}
    </span>
  );
}
