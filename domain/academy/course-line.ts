import { formatLagosDate } from "../time/lagos-time";

// How a seat in a course intake reads as a cart or order line (docs/decisions/0013-one-cart-many-kinds.md).

/** The line's second name, under the course title: "Intake starting 12 Jan 2027". */
export function intakeLineName(startsAt: Date | string): string {
  return `Intake starting ${formatLagosDate(startsAt)}`;
}

/** The SKU an order line keeps for a course seat, for staff lists and the receipt. */
export function courseLineSku(slug: string, intakeId: number): string {
  return `COURSE-${slug.toUpperCase()}-${intakeId}`;
}
