import { and, count, eq, ne, sql } from "drizzle-orm";
import { RESERVATION_HOURS } from "@domain/orders/checkout-input";
import type { DbOrTx } from "../db/client";
import { orderItems, orders } from "../orders/schema";
import { enrolments } from "./schema";

/** How long an unpaid order holds what it bought, by payment method, as SQL (the store's reservation hours). */
const holdHoursSql = sql.raw(
  `(case ${Object.entries(RESERVATION_HOURS)
    .map(([method, hours]) => `when "orders"."payment_method" = '${method}' then ${Number(hours)}`)
    .join(" ")} else 0 end)`,
);

/**
 * Seats of an intake that are taken (docs/product/academy.md#enrolment): its enrolments that are not cancelled,
 * and the seats held by unpaid orders while their reservation lasts, so two people cannot buy the last seat.
 * A paid order's seat is its enrolment, so it is never counted twice.
 */
export async function seatsTaken(tx: DbOrTx, intakeId: number): Promise<number> {
  const [enrolled] = await tx
    .select({ n: count() })
    .from(enrolments)
    .where(and(eq(enrolments.intakeId, intakeId), ne(enrolments.status, "cancelled")));
  const [held] = await tx
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.courseIntakeId, intakeId),
        eq(orderItems.kind, "course"),
        eq(orders.status, "pending_payment"),
        sql`${orders.createdAt} > now() - ${holdHoursSql} * interval '1 hour'`,
      ),
    );
  return (enrolled?.n ?? 0) + (held?.n ?? 0);
}
