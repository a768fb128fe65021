import { eq, inArray, sql } from "drizzle-orm";
import { courseLineSku, intakeLineName } from "@domain/academy/course-line";
import { refuse, succeed } from "@domain/errors/app-error";
import { formatOrderNumber } from "@domain/orders/order-status";
import { cartItems } from "../cart/schema";
import { cartLineOf, type TCartOffer, type TPricedLine, type TPurchasableKind } from "../orders/purchasable-kind";
import { cancelOrderEnrolments } from "./cancel-order-enrolments";
import { describeCourseIntakes } from "./describe-course-intakes";
import { enrolPaidOrderLines } from "./enrol-paid-order-lines";
import { findEnrolableIntake } from "./find-enrolable-intake";
import { courseIntakes, courses } from "./schema";

/**
 * A seat in a course intake (docs/product/academy.md#enrolment, docs/decisions/0013-one-cart-many-kinds.md): one per
 * cart and intake, never delivered, not paid on delivery. The unpaid order's line is the hold (counted as a seat taken
 * while its payment window lasts); payment enrols, a refund ends the enrolment.
 */
export const courseSeat: TPurchasableKind = {
  kind: "course",
  channel: "academy",
  identity: ["courseIntakeId"],
  payOnDeliveryRefusal: "Courses cannot be paid on delivery. Please choose another way to pay.",
  // A seat holds no stock reservation: an unpaid order for it lapses by time (docs/product/academy.md#enrolment).
  lapsesUnpaid: true,
  placingChangesPages: true,
  cartForm: { field: "intakeId", noun: "course intake" },
  cartUnitPrice: () =>
    sql`(select ${courses.priceKobo} from ${courseIntakes} inner join ${courses} on ${courses.id} = ${courseIntakes.courseId} where ${courseIntakes.id} = ${cartItems.courseIntakeId})`,
  async describe(db, rows) {
    const intakes = await describeCourseIntakes(
      db,
      rows.flatMap((r) => (r.courseIntakeId ? [r.courseIntakeId] : [])),
    );
    return new Map(
      rows.flatMap((row) => {
        const intake = row.courseIntakeId ? intakes.get(row.courseIntakeId) : undefined;
        if (!intake) return [];
        const open = intake.state === "open" ? 1 : 0;
        const line = cartLineOf(row, {
          key: `course-${intake.intakeId}`,
          href: `/academy/${intake.slug}`,
          productName: intake.title,
          variantName: intakeLineName(intake.startsAt),
          sku: courseLineSku(intake.slug, intake.intakeId),
          image: intake.imagePath,
          unitPriceKobo: intake.priceKobo,
          quantity: 1,
          maxQuantity: open,
          available: open,
          fixedQuantityNote: "One seat",
          pricePrefix: "Course fee ",
          closedNote: "This intake is no longer open for enrolment (closed or full). Remove it to check out, and choose another intake.",
        });
        return [[row.id, line] as const];
      }),
    );
  },
  // The academy says whether it can be bought now (published, deadline, seats, not already enrolled for a signed-in
  // buyer); one seat per line. Guests may add; checkout asks again once they are signed in.
  async offer(tx, line, buyer) {
    if (!line.courseIntakeId) return refuse("not_found", "That course intake does not exist.");
    const found = await findEnrolableIntake(tx, { userId: buyer.userId, intakeId: line.courseIntakeId });
    if (!found.ok) return found;
    if (found.priceKobo <= 0) return refuse("invalid_input", `${found.title} is free: enrol from the course page instead.`);
    const name = `${found.title} (${intakeLineName(found.startsAt)})`;
    return succeed<TCartOffer>({
      name,
      maxQuantity: 1,
      again: { refusal: `${name} is already in your cart.` },
      capped: (n) => `One seat per intake; your cart has ${n}`,
    });
  },
  async buyableQuantity(db, line, userId) {
    if (!line.courseIntakeId) return 0;
    return (await findEnrolableIntake(db, { userId, intakeId: line.courseIntakeId })).ok ? 1 : 0;
  },
  // The academy says again whether each seat can be bought now (deadline, seats held by other unpaid orders, already
  // enrolled) and at what price; the intake stays locked until the order holds its seat.
  async price(tx, lines, buyer) {
    const priced: TPricedLine[] = [];
    const intakeIds = [...new Set(lines.flatMap((l) => (l.courseIntakeId ? [l.courseIntakeId] : [])))].sort((a, b) => a - b);
    for (const intakeId of intakeIds) {
      const found = await findEnrolableIntake(tx, { userId: buyer.userId, intakeId });
      if (!found.ok) return found;
      if (found.priceKobo <= 0) return refuse("invalid_input", `${found.title} is free: enrol from the course page instead.`);
      priced.push({
        ...lines.find((l) => l.courseIntakeId === intakeId)!,
        quantity: 1,
        productName: found.title,
        variantName: intakeLineName(found.startsAt),
        sku: courseLineSku(found.slug, intakeId),
        priceKobo: found.priceKobo,
        taxable: true,
        ships: false,
        sellerId: null,
      });
    }
    return succeed({ lines: priced });
  },
  async fulfil(tx, order) {
    await enrolPaidOrderLines(tx, order.id);
  },
  async undo(db, order) {
    await cancelOrderEnrolments(db, { orderId: order.id, reason: `Order ${formatOrderNumber(order.number)} was refunded` });
  },
  async categories(db, lines) {
    const ids = lines.flatMap((l) => (l.courseIntakeId ? [l.courseIntakeId] : []));
    if (ids.length === 0) return lines.map(() => null);
    const rows = await db
      .select({ id: courseIntakes.id, category: courses.category })
      .from(courseIntakes)
      .innerJoin(courses, eq(courses.id, courseIntakes.courseId))
      .where(inArray(courseIntakes.id, ids));
    const of = new Map(rows.map((r) => [r.id, r.category]));
    return lines.map((l) => (l.courseIntakeId ? (of.get(l.courseIntakeId) ?? null) : null));
  },
};
