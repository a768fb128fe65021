import type { TAssignmentView } from "~/components/academy-staff/course-view";
import { AcademyItemEditor } from "~/components/academy-staff/item-editor";
import { AssignmentFields } from "~/components/academy-staff/item-fields";

// An assignment of the course, due a number of days after the student's intake starts.

export function AssignmentItem({ assignment: a }: { assignment: TAssignmentView }) {
  return (
    <AcademyItemEditor
      className="flex flex-wrap items-start justify-between gap-2 py-2"
      shown={
        <div className="min-w-0">
          <p className="font-medium break-words">{a.title}</p>
          <p className="text-xs text-muted">
            Pass {a.passScore} of {a.maxScore} · due {a.dueDaysAfterStart} day{a.dueDaysAfterStart === 1 ? "" : "s"} after the start
          </p>
        </div>
      }
      remove={{
        intent: "assignment-delete",
        hidden: { assignmentId: a.id },
        label: `Delete assignment ${a.title}`,
        confirm: "Delete this assignment?",
      }}
      edit={{
        summary: "Edit",
        toggleClassName: "w-full",
        intent: "assignment-edit",
        hidden: { assignmentId: a.id },
        label: `Edit assignment ${a.title}`,
        className: "mt-3 grid gap-3 sm:grid-cols-3",
        fields: (fieldError) => <AssignmentFields fieldError={fieldError} values={a} />,
        submit: "Save assignment",
        submitClassName: "sm:col-span-3 sm:justify-self-start",
      }}
    />
  );
}
