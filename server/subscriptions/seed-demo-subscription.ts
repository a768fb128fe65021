import { eq } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { subscriptions } from "./schema";

const DAY_MS = 86_400_000;

/**
 * A ZavCharge plan for the demo customer ending in 5 days, so the demo shows a renewal reminder (a
 * sample plan). Only when the customer has no plan yet: later starts leave it as it is.
 */
export async function seedDemoSubscription(email = "customer@zavolah.ng") {
  const db = getDb();
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!customer) return;
  const [existing] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, customer.id)).limit(1);
  if (existing) return;
  const now = Date.now();
  await db.insert(subscriptions).values({
    userId: customer.id,
    product: "zavcharge",
    planName: "ZavCharge Monthly",
    priceKobo: 1_500_000,
    status: "active",
    startsAt: new Date(now - 25 * DAY_MS),
    expiresAt: new Date(now + 5 * DAY_MS),
  });
}
