import { eq, notInArray } from "drizzle-orm";
import { seedDemoAppointments } from "../../appointments/seed-demo-appointments";
import { seedDemoCrm } from "../../crm/seed-demo-crm";
import { seedDemoOrders } from "../../orders/seed-demo-orders";
import { getAuth } from "../../auth/auth";
import { registrationContext } from "../../auth/registration-context";
import { users } from "../../auth/schema";
import { env } from "../../env";
import { log } from "../../log";
import { seedDemoSubscription } from "../../subscriptions/seed-demo-subscription";
import { staffCodes, userCapabilities } from "../../users/schema";
import { getDb } from "../client";
import { DEMO_LEARNERS } from "./academy-data";
import { seedAcademy } from "./seed-academy";
import { seedBlog } from "./seed-blog";
import { seedCatalog } from "./seed-catalog";
import { DEMO_PASSWORD, DEMO_STAFF_CODES, DEMO_USERS } from "./demo-data";
import { DEMO_DRIVER } from "./zavcharge-data";
import { seedMarketplace, seedMarketplaceListings } from "./seed-marketplace";
import { seedMarketplaceOrders } from "./seed-marketplace-orders";
import { seedZavCharge } from "./seed-zavcharge";
import { seedDemoPower } from "../../power/seed-demo-power";
import { seedDemoInvestments } from "../../investments/seed-demo-investments";
import { seedAbandonedCarts } from "./seed-abandoned-carts";

/**
 * Idempotent: creates what is missing, leaves what exists (including anything an admin changed). Demo data is only
 * seeded in development or with SEED_DEMO=1, so its credentials are printed when created.
 */
export async function seedDemo() {
  const created = (await onlyDemoAccounts()) ? await seedDemoAccounts() : [];
  const db = getDb();
  await db.insert(staffCodes).values(DEMO_STAFF_CODES).onConflictDoNothing();
  await seedCatalog();
  await seedAcademy("student@zavolah.ng");
  await seedBlog();
  await seedDemoAppointments();
  await seedDemoOrders();
  await seedDemoSubscription();
  await seedZavCharge();
  await seedMarketplace();
  await seedMarketplaceListings();
  await seedMarketplaceOrders();
  await seedAbandonedCarts();
  await seedDemoCrm();
  await seedDemoPower();
  await seedDemoInvestments();

  if (created.length > 0) {
    log.info({ users: created.length }, "demo data seeded");
    if (env.NODE_ENV !== "test") {
      console.log(
        `\nDemo accounts, password for all: ${DEMO_PASSWORD}\n  ${created.join("\n  ")}\n  Staff code for registering a staff account: ${DEMO_STAFF_CODES[0]!.code}\n  ZavCharge demo driver: subscription ${DEMO_DRIVER.code}, PIN ${DEMO_DRIVER.pin}\n`,
      );
    }
  }
}

/**
 * Demo accounts come with a published password, so they are only made while every account is a demo one: a fresh data
 * folder, or a first start that stopped half-way (docs/product/accounts.md#demo-accounts). Once anyone else has an
 * account (a real customer, or a demo account whose address was changed or erased), none is ever made again.
 */
async function onlyDemoAccounts(): Promise<boolean> {
  const demoAddresses = [...DEMO_USERS.map((u) => u.email), ...DEMO_LEARNERS.map((l) => l.email)];
  const [other] = await getDb().select({ id: users.id }).from(users).where(notInArray(users.email, demoAddresses)).limit(1);
  return !other;
}

/** The demo accounts that do not exist yet; an existing one is left exactly as it is (its password included). */
async function seedDemoAccounts(): Promise<string[]> {
  const db = getDb();
  const ctx = await getAuth().$context;
  const created: string[] = [];
  for (const demo of DEMO_USERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) continue;
    const hash = await ctx.password.hash(DEMO_PASSWORD);
    const user = await registrationContext.run(
      { role: demo.role, phone: demo.phone, department: demo.department, staffCode: null, newsletterOptIn: false },
      () => ctx.internalAdapter.createUser({ email: demo.email, name: demo.name, emailVerified: true }),
    );
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    for (const capability of demo.capabilities)
      await db.insert(userCapabilities).values({ userId: user.id, capability }).onConflictDoNothing();
    created.push(`${demo.role.padEnd(8)} ${demo.email.padEnd(24)} ${demo.capabilities.join(",")}`);
  }
  return created;
}
