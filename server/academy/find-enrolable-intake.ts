import { and, eq, ne } from "drizzle-orm";
import { intakeState } from "@domain/academy/academy";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatLagosDate } from "@domain/time/lagos-time";
import type { DbOrTx } from "../db/client";
import { courseIntakes, courses, enrolments } from "./schema";
import { seatsTaken } from "./seats-taken";

export type TEnrolableIntake = {
  courseId: number;
  slug: string;
  title: string;
  priceKobo: number;
  durationWeeks: number;
  hoursPerWeek: number;
  instructorName: string;
  intakeId: number;
  startsAt: Date;
  enrolmentClosesAt: Date;
  imagePath: string | null;
};

/** The columns of a TEnrolableIntake, selected from courseIntakes joined to its course. */
export const ENROLABLE_INTAKE_COLUMNS = {
  courseId: courses.id,
  slug: courses.slug,
  title: courses.title,
  priceKobo: courses.priceKobo,
  durationWeeks: courses.durationWeeks,
  hoursPerWeek: courses.hoursPerWeek,
  instructorName: courses.instructorName,
  imagePath: courses.imagePath,
  intakeId: courseIntakes.id,
  startsAt: courseIntakes.startsAt,
  enrolmentClosesAt: courseIntakes.enrolmentClosesAt,
};

/**
 * Whether this person may enrol in this intake now (docs/product/academy.md#enrolment): the course is published,
 * the deadline has not passed, a seat is left, and they do not have the course already. The intake row is locked
 * for the caller's transaction, so two people cannot both take the last seat. A guest (userId null, adding to a
 * cart) is not checked for an enrolment; checkout checks again once they are signed in.
 */
export async function findEnrolableIntake(tx: DbOrTx, p: { userId: string | null; intakeId: number }): Promise<TResult<TEnrolableIntake>> {
  const [row] = await tx
    .select({ ...ENROLABLE_INTAKE_COLUMNS, status: courses.status, capacity: courseIntakes.capacity })
    .from(courseIntakes)
    .innerJoin(courses, eq(courses.id, courseIntakes.courseId))
    .where(eq(courseIntakes.id, p.intakeId))
    .for("update", { of: courseIntakes });
  if (!row || row.status !== "published") return refuse("not_found", "This course is not open for enrolment.");
  const [mine] = p.userId
    ? await tx
        .select({ id: enrolments.id })
        .from(enrolments)
        .where(and(eq(enrolments.userId, p.userId), eq(enrolments.courseId, row.courseId), ne(enrolments.status, "cancelled")))
    : [];
  if (mine) return refuse("conflict", `You are already enrolled in ${row.title}.`);
  const state = intakeState(row, await seatsTaken(tx, row.intakeId));
  if (state === "closed")
    return refuse("conflict", `Enrolment for this intake of ${row.title} closed on ${formatLagosDate(row.enrolmentClosesAt)}.`);
  if (state === "full") return refuse("conflict", `This intake of ${row.title} is full. Choose another intake or ask to be reminded.`);
  const { status: _status, capacity: _capacity, ...intake } = row;
  return succeed(intake);
}
