import { koboToNairaInput } from "@domain/money/money";
import { ActionForm, SubmitButton } from "~/components/ui/action-form";
import { CourseFields } from "~/components/academy-staff/course-form";

// The course page's details form: the fields of "New course", filled with the saved course.

export type TCourseDetails = {
  title: string;
  slug: string;
  summary: string;
  description: string;
  category: string;
  level: string;
  durationWeeks: number;
  hoursPerWeek: number;
  priceKobo: number;
  instructorName: string;
  instructorTitle: string;
  instructorBio: string;
  outcomes: string[];
  passMarkPct: number;
  updatedAt: Date | string;
};

export function CourseDetailsForm({ course }: { course: TCourseDetails }) {
  return (
    <ActionForm intent="course" label="Course details" className="space-y-4">
      {({ fieldError, busy }) => (
        <>
          <CourseFields
            // A save that changes the course fills the fields afresh.
            key={course.updatedAt.toString()}
            v={{
              title: course.title,
              slug: course.slug,
              summary: course.summary,
              description: course.description,
              category: course.category,
              level: course.level,
              durationWeeks: String(course.durationWeeks),
              hoursPerWeek: String(course.hoursPerWeek),
              price: koboToNairaInput(course.priceKobo),
              instructorName: course.instructorName,
              instructorTitle: course.instructorTitle,
              instructorBio: course.instructorBio,
              outcomes: course.outcomes.join("\n"),
              passMarkPct: String(course.passMarkPct),
            }}
            errors={new Proxy({}, { get: (_, k) => (typeof k === "string" ? fieldError(k) : undefined) })}
          />
          <SubmitButton busy={busy} tone="primary">
            Save details
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}
