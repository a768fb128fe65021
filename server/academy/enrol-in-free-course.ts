import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { enrolStudent, type TStudent } from "./enrol-student";
import { findEnrolableIntake } from "./find-enrolable-intake";

/** One click on a free course (docs/product/academy.md#enrolment); a paid course goes through the cart instead. */
export async function enrolInFreeCourse(student: TStudent, intakeId: number): Promise<TResult<{ slug: string; title: string }>> {
  const result = await getDb().transaction(async (tx) => {
    const found = await findEnrolableIntake(tx, { userId: student.id, intakeId });
    if (!found.ok) return found;
    if (found.priceKobo > 0) return refuse("invalid_input", `${found.title} is a paid course: add it to your cart to enrol.`);
    await enrolStudent(tx, { student, intake: found });
    return succeed({ slug: found.slug, title: found.title });
  });
  // The course page shows the number of students.
  if (result.ok) bumpContentVersion();
  return result;
}
