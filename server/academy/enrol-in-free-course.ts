import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TFreeEnrolment } from "@domain/academy/enrolment-input";
import { getDb } from "../db/client";
import { changePublicContent } from "../http/page-cache";
import { describeCourseIntakes } from "./describe-course-intakes";
import { enrolStudent, type TStudent } from "./enrol-student";
import { findEnrolableIntake } from "./find-enrolable-intake";
import { getCoursePage } from "./get-course-page";

const NOT_OPEN = "This course is not open for enrolment.";

/**
 * The intake a free enrolment is for: the one chosen, which must be this course's, or else the course's next open
 * intake (docs/product/academy.md#enrolment). The website's form always chooses one; the app may leave it out.
 */
async function chosenIntake(student: TStudent, choice: TFreeEnrolment): Promise<TResult<{ intakeId: number }>> {
  if (choice.intakeId !== undefined) {
    // An intake of another course is not this course's, whatever it is.
    const intake = (await describeCourseIntakes(getDb(), [choice.intakeId])).get(choice.intakeId);
    return intake?.slug === choice.slug ? succeed({ intakeId: choice.intakeId }) : refuse("not_found", NOT_OPEN);
  }
  const page = await getCoursePage(choice.slug, { id: student.id, isStaff: false });
  if (!page) return refuse("not_found", NOT_OPEN);
  const intakeId = (page.intakes.find((i) => i.state === "open") ?? page.intakes[0])?.id;
  return intakeId === undefined ? refuse("conflict", `No intake of ${page.course.title} is open for enrolment.`) : succeed({ intakeId });
}

/**
 * One click on a free course (docs/product/academy.md#enrolment), from the course page or the app; a paid course goes
 * through the cart instead.
 */
export async function enrolInFreeCourse(student: TStudent, choice: TFreeEnrolment): Promise<TResult<{ slug: string; title: string }>> {
  const chosen = await chosenIntake(student, choice);
  if (!chosen.ok) return chosen;
  // The course page shows the number of students.
  return changePublicContent(async (tx) => {
    const found = await findEnrolableIntake(tx, { userId: student.id, intakeId: chosen.intakeId });
    if (!found.ok) return found;
    if (found.priceKobo > 0) return refuse("invalid_input", `${found.title} is a paid course: add it to your cart to enrol.`);
    await enrolStudent(tx, { student, intake: found });
    return succeed({ slug: found.slug, title: found.title });
  });
}
