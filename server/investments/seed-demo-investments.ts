import { eq } from "drizzle-orm";
import { addLagosMonths, lockUpEndOf, maturityDateOf } from "@domain/investments/investment-rules";
import { ZCheckout } from "@domain/orders/checkout-input";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { markOrderPaid } from "../orders/mark-order-paid";
import { placeOrder } from "../orders/place-order";
import { orders } from "../orders/schema";
import { grantCapability } from "../users/grant-capability";
import { INVESTMENT_KIND, tierItemRef } from "./investment-purchasable";
import { storeIdDocument } from "./investor-id-documents";
import { investments, investmentTiers, investorApplications, investors } from "./schema";

// Demo investments (docs/product/investments.md): three tiers, the demo investor checked by staff with one active
// investment placed and paid the real way, and one application waiting for staff. Idempotent: what exists is left.

const TIERS = [
  {
    name: "Solar Mini-Grid Note",
    summary: "Funds solar mini-grids for market clusters in Osogbo, Ilesa and Ede, repaid from the power traders buy each month.",
    minKobo: 10_000_000,
    maxKobo: 500_000_000,
    raiseCapKobo: 15_000_000_000,
    expectedReturnBasisPoints: 1_400,
    tenorMonths: 12,
    distributionFrequency: "quarterly",
    lockupMonths: 6,
    earlyRedemption: true,
  },
  {
    name: "ZavCharge Station Fund",
    summary: "Builds solar-powered EV charging stations on the Lagos-Ibadan expressway and in Abuja, paid from charging fees.",
    minKobo: 25_000_000,
    maxKobo: 1_000_000_000,
    raiseCapKobo: 30_000_000_000,
    expectedReturnBasisPoints: 1_600,
    tenorMonths: 24,
    distributionFrequency: "quarterly",
    lockupMonths: 12,
    earlyRedemption: false,
  },
  {
    name: "Workshop Growth Note",
    summary: "Buys machines for our smart-furniture workshop in Ibadan, repaid from sofa beds, wall desks and storage beds sold.",
    minKobo: 5_000_000,
    maxKobo: 100_000_000,
    raiseCapKobo: 4_000_000_000,
    expectedReturnBasisPoints: 1_100,
    tenorMonths: 6,
    distributionFrequency: "monthly",
    lockupMonths: 0,
    earlyRedemption: false,
  },
] as const;

const DEMO_ID_PDF = "%PDF-1.4\n% Demo NIN slip\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

const INVESTOR = {
  email: "investor@zavolah.ng",
  legalName: "Emeka Chukwudi Obi",
  dateOfBirth: "1979-03-21",
  address: "14 Queen Elizabeth Road, Asokoro",
  state: "Federal Capital Territory",
  lga: "Abuja Municipal",
  phone: "+2349026789012",
  idType: "nin",
  idNumber: "31852047716",
  incomeBand: "over_60m",
  bankCode: "044",
  accountNumber: "0690000031",
  accountName: "EMEKA CHUKWUDI OBI",
  accountVerified: true,
} as const;

const APPLICANT = {
  email: "tobi.adebayo@learners.zavolah.ng",
  legalName: "Oluwatobi Adebayo",
  dateOfBirth: "1994-11-02",
  address: "22 Oba Adebimpe Road, Dugbe",
  state: "Oyo",
  lga: "Ibadan North",
  phone: "+2348123456790",
  idType: "drivers_licence",
  idNumber: "OYO48213AB91",
  incomeBand: "6m_to_12m",
  bankCode: "058",
  accountNumber: "0123456790",
  accountName: "OLUWATOBI ADEBAYO",
  accountVerified: true,
} as const;

const CHECKOUT_KEY = "5d2c1f4e-7a0b-4c3d-9e8f-300000000001";

export async function seedDemoInvestments() {
  const db = getDb();
  const [anyTier] = await db.select({ id: investmentTiers.id }).from(investmentTiers).limit(1);
  if (!anyTier) await db.insert(investmentTiers).values([...TIERS]);
  await seedApplication(INVESTOR, "approved");
  await seedApplication(APPLICANT, "pending");
  await seedPaidInvestment();
}

async function seedApplication(person: typeof INVESTOR | typeof APPLICANT, status: "approved" | "pending") {
  const db = getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
  if (!user) return;
  const [existing] = await db
    .select({ id: investorApplications.id })
    .from(investorApplications)
    .where(eq(investorApplications.userId, user.id));
  if (existing) return;
  const stored = await storeIdDocument(new File([DEMO_ID_PDF], "nin-slip.pdf", { type: "application/pdf" }));
  if (!stored.ok) throw new Error(`The demo ID document was not stored: ${stored.error.message}`);
  const { email: _email, ...identity } = person;
  await db.transaction(async (tx) => {
    const [application] = await tx
      .insert(investorApplications)
      .values({
        ...identity,
        userId: user.id,
        idDocumentPath: stored.path,
        idDocumentType: stored.type,
        riskAcceptedAt: new Date(),
        status,
        reviewedAt: status === "approved" ? new Date() : null,
      })
      .returning({ id: investorApplications.id });
    if (status !== "approved") return;
    await tx
      .insert(investors)
      .values({ ...identity, userId: user.id, applicationId: application!.id })
      .onConflictDoNothing();
    await grantCapability(tx, user.id, "investor");
  });
}

/**
 * ₦2,500,000 in the Solar Mini-Grid Note, paid by bank transfer and confirmed five months before the first start, so
 * the investor dashboard has a register and a period to distribute for.
 */
async function seedPaidInvestment() {
  const db = getDb();
  const [done] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, CHECKOUT_KEY));
  if (done) return;
  const [buyer] = await db.select({ userId: users.id, email: users.email }).from(users).where(eq(users.email, INVESTOR.email));
  const [tier] = await db.select({ id: investmentTiers.id }).from(investmentTiers).where(eq(investmentTiers.name, TIERS[0].name));
  const [investor] = buyer ? await db.select({ userId: investors.userId }).from(investors).where(eq(investors.userId, buyer.userId)) : [];
  if (!buyer || !tier || !investor) return;
  const placed = await placeOrder({
    customer: buyer,
    checkout: ZCheckout.parse({
      fullName: "Emeka Obi",
      phone: "09026789012",
      addressLine: INVESTOR.address,
      city: "Abuja",
      state: "Federal Capital Territory",
      deliveryMethod: "standard",
      paymentMethod: "bank_transfer",
      checkoutKey: CHECKOUT_KEY,
    }),
    lines: [{ kind: INVESTMENT_KIND, itemRef: tierItemRef(tier.id), amountKobo: 250_000_000, quantity: 1 }],
  });
  if (!placed.ok) throw new Error(`The demo investment was not placed: ${placed.error.message}`);
  await db.transaction(async (tx) => {
    await markOrderPaid(tx, {
      orderId: placed.order.id,
      actorLabel: "Funmilayo Adebayo",
      payment: { method: "bank_transfer", reference: "ACC-TRF-5521", amountKobo: placed.order.totalKobo },
    });
    const [investment] = await tx.select().from(investments).where(eq(investments.orderId, placed.order.id));
    const start = addLagosMonths(new Date(), -5);
    await tx
      .update(investments)
      .set({
        placedAt: start,
        activatedAt: start,
        maturesAt: maturityDateOf(start, investment!.terms.tenorMonths),
        lockUpEndsAt: lockUpEndOf(start, investment!.terms.lockupMonths),
      })
      .where(eq(investments.id, investment!.id));
  });
}
