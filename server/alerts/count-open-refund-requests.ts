import { and, count, eq, inArray } from "drizzle-orm";
import { getDb } from "../db/client";
import { adminAlerts } from "./schema";

/**
 * Open alerts that ask an admin to refund someone (docs/product/alerts-and-audit.md#refund-requests): a driver
 * closing their ZavCharge account with money left, a course paid twice, a payment for a cancelled order.
 */
export const REFUND_REQUEST_ALERT_TYPES = ["zavcharge_refund_request", "course_paid_twice", "payment_for_cancelled_order"] as const;

export async function countOpenRefundRequests(): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(adminAlerts)
    .where(and(eq(adminAlerts.status, "open"), inArray(adminAlerts.type, [...REFUND_REQUEST_ALERT_TYPES])));
  return row!.n;
}
