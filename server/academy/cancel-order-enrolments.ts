import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { recordActivity } from "./record-activity";
import { courses, enrolments } from "./schema";

/**
 * The undo of enrolPaidOrderLines (docs/product/academy.md#enrolment): when the order that paid for enrolments
 * is refunded, they are cancelled (the seat is freed), the student's timeline records it and they are told.
 * Runs in the transaction that marks the order refunded; a second call finds nothing left to cancel.
 */
export async function cancelOrderEnrolments(tx: DbOrTx, p: { orderId: string; reason: string }): Promise<number> {
  const cancelled = await tx
    .update(enrolments)
    .set({ status: "cancelled", cancelledAt: sql`now()`, cancelReason: p.reason })
    .where(and(eq(enrolments.orderId, p.orderId), ne(enrolments.status, "cancelled")))
    .returning({ userId: enrolments.userId, courseId: enrolments.courseId });
  for (const e of cancelled) {
    const [course] = await tx.select({ title: courses.title, slug: courses.slug }).from(courses).where(eq(courses.id, e.courseId));
    const title = course?.title ?? "your course";
    await recordActivity(tx, {
      userId: e.userId,
      courseId: e.courseId,
      type: "enrolment_cancelled",
      title: `Enrolment in ${title} cancelled`,
      description: p.reason,
    });
    await notifyUser(tx, {
      userId: e.userId,
      type: "course",
      title: `Your enrolment in ${title} was cancelled`,
      message: `${p.reason}. Your access to the course has ended. If you did not expect this, reply to your refund e-mail or contact us.`,
      link: course ? `/academy/${course.slug}` : "/academy",
    });
  }
  return cancelled.length;
}
