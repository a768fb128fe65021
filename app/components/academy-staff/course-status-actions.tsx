import { publishBlocker } from "@domain/academy/course-authoring";
import { ActionButton } from "~/components/ui/action-form";

// The course's status buttons (docs/product/academy.md#staff-authoring): publish once it has what a student needs.

export function CourseStatusActions({ status, lessons, intakes }: { status: string; lessons: number; intakes: number }) {
  const blocker = publishBlocker({ lessons, intakes });
  return (
    <>
      <p className="text-sm text-muted">
        Draft: only staff see it. Published: listed and open to enrolment. Archived: not listed; enrolled students keep their access.
      </p>
      {status !== "published" && blocker ? <p className="text-sm text-danger">{blocker}</p> : null}
      <div className="flex flex-wrap gap-2">
        {status !== "published" ? (
          <ActionButton intent="status" hidden={{ status: "published" }} label="Publish" tone="primary">
            Publish
          </ActionButton>
        ) : (
          <ActionButton intent="status" hidden={{ status: "archived" }} label="Unpublish" confirm="Take this course off the catalogue?">
            Unpublish (archive)
          </ActionButton>
        )}
        {status !== "draft" ? (
          <ActionButton intent="status" hidden={{ status: "draft" }} label="Back to draft">
            Back to draft
          </ActionButton>
        ) : null}
      </div>
    </>
  );
}
