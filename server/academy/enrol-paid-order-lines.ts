import { and, eq, ne } from "drizzle-orm";
import { formatOrderNumber } from "@domain/orders/order-status";
import { raiseAlert } from "../alerts/raise-alert";
import { users } from "../auth/schema";
import type { DbOrTx } from "../db/client";
import { orderItems, orders } from "../orders/schema";
import { enrolStudent } from "./enrol-student";
import { ENROLABLE_INTAKE_COLUMNS } from "./find-enrolable-intake";
import { courseIntakes, courses, enrolments } from "./schema";

/**
 * Fulfils the course lines of an order whose payment was just verified (docs/product/academy.md#enrolment):
 * the buyer is enrolled in each intake, in the transaction that marks the order paid (markOrderPaid calls
 * this only when the order moves from pending payment to paid, so repeated provider messages enrol once).
 * A buyer who already has the course (they paid twice) is not enrolled again: an admin alert asks for a refund.
 */
export async function enrolPaidOrderLines(tx: DbOrTx, orderId: string): Promise<{ enrolled: number; alerts: number }> {
  const lines = await tx
    .select({ intakeId: orderItems.courseIntakeId, productName: orderItems.productName })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, "course")));
  if (lines.length === 0) return { enrolled: 0, alerts: 0 };
  const [buyer] = await tx
    .select({ id: users.id, name: users.name, email: users.email, orderNumber: orders.number })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!buyer) return { enrolled: 0, alerts: 0 };
  const label = formatOrderNumber(buyer.orderNumber);
  const result = { enrolled: 0, alerts: 0 };

  for (const line of lines) {
    const [intake] = line.intakeId
      ? await tx
          .select(ENROLABLE_INTAKE_COLUMNS)
          .from(courseIntakes)
          .innerJoin(courses, eq(courses.id, courseIntakes.courseId))
          .where(eq(courseIntakes.id, line.intakeId))
      : [];
    if (!intake) {
      await raiseAlert(tx, {
        type: "course_paid_intake_missing",
        title: `Paid course seat without an intake on ${label}`,
        message: `${label} paid for ${line.productName}, but that intake no longer exists, so nobody was enrolled. Enrol ${buyer.name} (${buyer.email}) by hand or refund them.`,
        severity: "high",
        dedupeKey: `course-intake-missing:${orderId}:${line.productName}`,
      });
      result.alerts++;
      continue;
    }
    const made = await enrolStudent(tx, { student: buyer, intake, orderId });
    if (made.created) {
      result.enrolled++;
      continue;
    }
    const [existing] = await tx
      .select({ orderId: enrolments.orderId })
      .from(enrolments)
      .where(and(eq(enrolments.userId, buyer.id), eq(enrolments.courseId, intake.courseId), ne(enrolments.status, "cancelled")));
    if (existing?.orderId === orderId) continue;
    await raiseAlert(tx, {
      type: "course_paid_twice",
      title: `${buyer.name} paid for ${intake.title} again (${label})`,
      message: `${buyer.name} (${buyer.email}) was already enrolled in ${intake.title} when ${label} was paid, so no second enrolment was made. Refund ${label} to the customer.`,
      severity: "high",
      dedupeKey: `course-paid-twice:${orderId}:${intake.intakeId}`,
    });
    result.alerts++;
  }
  return result;
}
