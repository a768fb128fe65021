import { eq, inArray } from "drizzle-orm";
import { intakeState, type TIntakeState } from "@domain/academy/academy";
import type { DbOrTx } from "../db/client";
import { courseIntakes, courses } from "./schema";
import { seatsTaken } from "./seats-taken";

export type TCourseIntakeLine = {
  intakeId: number;
  courseId: number;
  slug: string;
  title: string;
  imagePath: string | null;
  priceKobo: number;
  startsAt: Date;
  /** "open" when a seat can be bought now; a course that is not published reads as "closed". */
  state: TIntakeState;
};

/**
 * The academy's answer for course lines in a cart (docs/decisions/0013-one-cart-many-kinds.md): each intake's
 * current name, price and picture, and whether a seat can be bought now. Checkout asks findEnrolableIntake again.
 */
export async function describeCourseIntakes(db: DbOrTx, intakeIds: number[]): Promise<Map<number, TCourseIntakeLine>> {
  if (intakeIds.length === 0) return new Map();
  const rows = await db
    .select({
      intakeId: courseIntakes.id,
      courseId: courses.id,
      slug: courses.slug,
      title: courses.title,
      imagePath: courses.imagePath,
      priceKobo: courses.priceKobo,
      status: courses.status,
      startsAt: courseIntakes.startsAt,
      enrolmentClosesAt: courseIntakes.enrolmentClosesAt,
      capacity: courseIntakes.capacity,
    })
    .from(courseIntakes)
    .innerJoin(courses, eq(courses.id, courseIntakes.courseId))
    .where(inArray(courseIntakes.id, intakeIds));
  const out = new Map<number, TCourseIntakeLine>();
  for (const { status, enrolmentClosesAt, capacity, ...r } of rows) {
    const state: TIntakeState =
      status !== "published" ? "closed" : intakeState({ enrolmentClosesAt, capacity }, await seatsTaken(db, r.intakeId));
    out.set(r.intakeId, { ...r, state });
  }
  return out;
}
