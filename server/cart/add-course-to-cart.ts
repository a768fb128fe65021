import { and, eq, sql } from "drizzle-orm";
import { intakeLineName } from "@domain/academy/course-line";
import type { TCartOwner, TCartWriteResult } from "@domain/cart/cart";
import type { TAddCourseToCart } from "@domain/cart/cart-input";
import { refuse, succeed } from "@domain/errors/app-error";
import { findEnrolableIntake } from "../academy/find-enrolable-intake";
import { getDb } from "../db/client";
import { afterCartWrite } from "./add-to-cart";
import { findOrCreateCart } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

/**
 * Adds a seat in a paid course's intake (docs/product/academy.md#enrolment): the academy says whether it can be
 * bought now (published, deadline, seats, not already enrolled for a signed-in buyer); one seat per line, so a
 * second add says it is already in the cart. Guests may add; checkout asks again once they are signed in.
 */
export async function addCourseToCart(owner: TCartOwner, { intakeId }: TAddCourseToCart): Promise<TCartWriteResult> {
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const found = await findEnrolableIntake(tx, { userId: owner.userId ?? null, intakeId });
    if (!found.ok) return found;
    if (found.priceKobo <= 0) return refuse("invalid_input", `${found.title} is free: enrol from the course page instead.`);
    const name = `${found.title} (${intakeLineName(found.startsAt)})`;

    const { cartId } = await findOrCreateCart(owner, tx);
    const [existing] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.courseIntakeId, intakeId)));
    if (existing) return refuse("conflict", `${name} is already in your cart.`);
    await tx.insert(cartItems).values({ cartId, kind: "course", courseIntakeId: intakeId, quantity: 1 });
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
    return succeed({ message: `Added ${name} to your cart`, capped: false, ...(await afterCartWrite(owner, cartId, tx)) });
  });
}
