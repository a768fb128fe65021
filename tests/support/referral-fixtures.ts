import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TViewer } from "@domain/access/roles";
import { courses } from "../../server/academy/schema";
import { getDb } from "../../server/db/client";
import { confirmOfflinePayment } from "../../server/payments/confirm-offline-payment";
import { bindReferral } from "../../server/referrals/bind-referral";
import { referralCodeFor } from "../../server/referrals/referral-code-for";
import { createTestCourse } from "./certificate-fixtures";
import { orFail } from "./results";
import { checkoutFor, createCustomer, placeOrderOrFail } from "./store-fixtures";
import { createTestDriver } from "./zavcharge-fixtures";

type TPerson = { userId: string; email: string; name: string };

/** A referrer with a ZavCharge wallet (₦0) and a friend bound to them (docs/product/refer-and-earn.md). */
export async function referrerAndFriend() {
  const referrer = await createTestDriver({ balanceKobo: 0, name: "Funmilayo Adeyemi" });
  const friend = await createCustomer("Emeka Nwachukwu");
  expect(await bindReferral(friend.userId, await referralCodeFor(referrer.userId), "link")).toEqual({ status: "active" });
  return { referrer, friend };
}

/** Confirms an order paid by bank transfer, as staff do. */
export const payByTransfer = (orderId: string, staff: TViewer) =>
  confirmOfflinePayment({ orderId, reference: `GTB/${randomUUID().slice(0, 8)}`, staff }).then(orFail);

/** The friend buys a course place at `priceKobo` and pays by bank transfer: a commission on the course, held. */
export async function paidCourse(friend: TPerson, staff: TViewer, priceKobo = 15_000_000) {
  const { course, intake } = await createTestCourse({ title: "Solar Installation Fundamentals" });
  await getDb().update(courses).set({ priceKobo }).where(eq(courses.id, course.id));
  const { order } = await placeOrderOrFail({
    customer: friend,
    checkout: checkoutFor(friend.name),
    lines: [{ kind: "course", courseIntakeId: intake.id }],
  });
  await payByTransfer(order.id, staff);
  return order;
}
