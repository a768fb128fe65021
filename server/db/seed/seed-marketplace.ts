import { eq } from "drizzle-orm";
import { users } from "../../auth/schema";
import { sellerApplications, sellers } from "../../marketplace/schema";
import { getDb } from "../client";

// The demo seller and architect (docs/product/marketplace.md), approved, with their stores. Idempotent.
const DEMO_SELLERS = [
  {
    email: "seller@zavolah.ng",
    kind: "seller",
    slug: "musa-crafted-furniture",
    displayName: "Musa Crafted Furniture",
    bio: "Solid-wood sofa beds, wall-mounted desks and storage beds made in our Kano workshop since 2014. Every piece is finished by hand and built for small city flats.",
    category: "Smart furniture",
    phone: "+2347014567890",
    pickupState: "Kano",
    pickupLga: "Nassarawa",
    bankCode: "057",
    accountNumber: "2081234567",
    accountName: "MUSA CRAFTED FURNITURE",
  },
  {
    email: "architect@zavolah.ng",
    kind: "architect",
    slug: "bello-design-studio",
    displayName: "Bello Design Studio",
    bio: "Floor plans and interiors for compact homes in Abuja and Lagos: two- and three-bedroom plans drawn for solar-ready roofs and cross ventilation.",
    category: "Architecture and floor plans",
    phone: "+2348137890123",
    pickupState: "Federal Capital Territory",
    pickupLga: "Abuja Municipal",
    bankCode: "058",
    accountNumber: "0123456789",
    accountName: "ZAINAB BELLO",
  },
] as const;

export async function seedMarketplace() {
  const db = getDb();
  for (const demo of DEMO_SELLERS) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (!user) continue;
    const [existing] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, user.id));
    if (existing) continue;
    const { email: _email, slug, displayName, ...details } = demo;
    const account = {
      bankCode: details.bankCode,
      accountNumber: details.accountNumber,
      accountName: details.accountName,
      accountVerified: true,
    };
    await db.transaction(async (tx) => {
      const [application] = await tx
        .insert(sellerApplications)
        .values({ ...details, ...account, userId: user.id, businessName: displayName, status: "approved", reviewedAt: new Date() })
        .returning({ id: sellerApplications.id });
      await tx.insert(sellers).values({ ...details, ...account, userId: user.id, applicationId: application!.id, slug, displayName });
    });
  }
}
