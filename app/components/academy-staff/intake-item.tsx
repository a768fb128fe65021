import { formatLagosDateTime } from "@domain/time/lagos-time";
import type { TIntakeView } from "~/components/academy-staff/course-view";
import { AcademyItemEditor, AddItemForm } from "~/components/academy-staff/item-editor";
import { IntakeFields, SessionFields } from "~/components/academy-staff/item-fields";

// An intake of the course and its live sessions (docs/product/academy.md#staff-authoring); times are Lagos time.

export function IntakeItem({ intake }: { intake: TIntakeView }) {
  const starting = `the intake starting ${formatLagosDateTime(intake.startsAt)}`;
  return (
    <AcademyItemEditor
      className="rounded-xl border border-line p-3 sm:p-4"
      testId="intake"
      lineClassName="flex flex-wrap items-start justify-between gap-2"
      shown={
        <div className="text-sm">
          <p className="font-medium">Starts {formatLagosDateTime(intake.startsAt)}</p>
          <p className="text-muted">
            Enrolment closes {formatLagosDateTime(intake.enrolmentClosesAt)} · {intake.students} enrolled
            {intake.capacity === null ? " · no seat limit" : ` of ${intake.capacity} seats`}
          </p>
        </div>
      }
      // An intake with students stays: their seats are in it.
      remove={
        intake.students === 0
          ? { intent: "intake-delete", hidden: { intakeId: intake.id }, label: `Delete ${starting}`, confirm: "Delete this intake?" }
          : null
      }
      edit={{
        summary: "Edit intake",
        toggleClassName: "mt-2",
        intent: "intake-edit",
        hidden: { intakeId: intake.id },
        label: `Edit ${starting}`,
        className: "mt-2 grid gap-3 sm:grid-cols-3 sm:items-start",
        fields: (fieldError) => <IntakeFields fieldError={fieldError} values={intake} />,
        submit: "Save intake",
        submitClassName: "sm:col-span-3 sm:justify-self-start",
      }}
    >
      {intake.sessions.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {intake.sessions.map((s) => (
            <AcademyItemEditor
              key={s.id}
              className="flex flex-wrap items-center gap-2"
              shown={
                <span className="break-words">
                  {s.title}: {formatLagosDateTime(s.startsAt)}, {s.durationMinutes} min, <span className="break-all">{s.place}</span>
                </span>
              }
              remove={{
                intent: "session-delete",
                hidden: { sessionId: s.id },
                label: `Delete live session ${s.title}`,
                confirm: "Delete this live session?",
              }}
              edit={{
                summary: `Edit ${s.title}`,
                toggleClassName: "w-full",
                intent: "session-edit",
                hidden: { sessionId: s.id },
                label: `Edit live session ${s.title}`,
                className: "mt-2 grid gap-2 sm:grid-cols-2",
                fields: (fieldError) => <SessionFields fieldError={fieldError} values={s} />,
                submit: "Save session",
                tone: "outline",
                submitClassName: "sm:col-span-2 sm:justify-self-start",
              }}
            />
          ))}
        </ul>
      ) : null}
      <AddItemForm
        summary="Add a live session"
        toggleClassName="mt-2"
        intent="session-add"
        hidden={{ intakeId: intake.id }}
        label="New live session"
        className="mt-2 grid gap-2 sm:grid-cols-2"
        fields={(fieldError) => <SessionFields fieldError={fieldError} values={{ startsAt: intake.startsAt }} />}
        submit="Add session"
        tone="outline"
        submitClassName="sm:col-span-2 sm:justify-self-start"
      />
    </AcademyItemEditor>
  );
}
