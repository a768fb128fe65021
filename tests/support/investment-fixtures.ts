import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { ZInvestmentTier, ZInvestorApplication } from "@domain/investments/investment-input";
import type { TIncomeBand } from "@domain/investments/investment-rules";
import type { TCheckout } from "@domain/orders/checkout-input";
import { lagosToday } from "@domain/time/lagos-time";
import { addToCart } from "../../server/cart/add-to-cart";
import { INVESTMENT_KIND, tierItemRef } from "../../server/investments/investment-purchasable";
import { readCart } from "../../server/cart/read-cart";
import { getDb } from "../../server/db/client";
import { investments } from "../../server/investments/schema";
import { orderLinesFromCart, placeOrder } from "../../server/orders/place-order";
import { confirmOfflinePayment } from "../../server/payments/confirm-offline-payment";
import { findInvestorStanding } from "../../server/investments/investor-standing";
import { reviewInvestorApplication } from "../../server/investments/review-investor-application";
import { saveInvestmentTier } from "../../server/investments/save-investment-tier";
import { submitInvestorApplication } from "../../server/investments/submit-investor-application";
import { orFail } from "./results";
import { checkoutFor, makeUser } from "./store-fixtures";

// Investments set up through their use cases (docs/product/investments.md): tiers, checked investors, investments
// placed through the one cart and checkout.

/** A PDF's first bytes: enough for the content check of an ID document. */
export const idDocumentPdf = () =>
  new File([Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")], "nin-slip.pdf", { type: "application/pdf" });

let tierSeq = 0;
/** A tier an admin saved; the form's fields in naira, as typed. */
export async function createTier(admin: TViewer, over: Record<string, string> = {}) {
  const input = ZInvestmentTier.parse({
    name: `Solar Mini-Grid Note ${++tierSeq}-${Math.random().toString(36).slice(2, 6)}`,
    summary: "Funds solar mini-grids for markets in Osogbo and Ilesa, paid back from the power sold.",
    min: "50,000",
    max: "5,000,000",
    raiseCap: "",
    expectedReturn: "14",
    tenorMonths: "12",
    distributionFrequency: "quarterly",
    lockupMonths: "6",
    earlyRedemption: "on",
    status: "open",
    ...over,
  });
  return orFail(await saveInvestmentTier(admin, input)).tierId;
}

let ipSeq = 0;
/** The typed fields of an application to invest, valid unless changed. */
export const applicationFields = (over: Record<string, string> = {}) => ({
  legalName: "Adaeze Okonkwo",
  dateOfBirth: "1988-04-12",
  address: "12 Awolowo Road, Ikoyi",
  state: "Lagos",
  lga: "Eti-Osa",
  phone: "0803 555 0142",
  idType: "nin",
  idNumber: "12345678901",
  bankCode: "058",
  accountNumber: "0123456789",
  accountName: "Adaeze Okonkwo",
  incomeBand: "6m_to_12m",
  riskAccepted: "on",
  ...over,
});

export async function applyToInvest(person: TViewer, over: Record<string, string> = {}, document: File | null = idDocumentPdf()) {
  return submitInvestorApplication(
    person,
    `10.9.0.${++ipSeq}`,
    ZInvestorApplication(lagosToday()).parse(applicationFields(over)),
    document,
  );
}

/** A person who applied (with the application's fields changed by `over`) and whom staff approved: a checked investor. */
export async function makeInvestor(name = "Adaeze Okonkwo", incomeBand: TIncomeBand = "6m_to_12m", over: Record<string, string> = {}) {
  const person = await makeUser("customer", name);
  orFail(await applyToInvest(person, { legalName: name, incomeBand, ...over }));
  const { application } = await findInvestorStanding(person.id);
  const staff = await makeUser("staff", "Funmilayo Adebayo");
  orFail(await reviewInvestorApplication(staff, { applicationId: application!.id, decision: "approve", note: null }));
  return { ...person, capabilities: ["investor" as const] };
}

/** The investor puts an amount in a tier into their cart and places the order; answers the placement's result. */
export async function investThroughCheckout(investor: TViewer, tierId: number, amountKobo: number, checkout: Partial<TCheckout> = {}) {
  orFail(await addToCart({ userId: investor.id }, { kind: INVESTMENT_KIND, itemRef: tierItemRef(tierId), amountKobo }));
  const cart = await readCart({ userId: investor.id });
  return placeOrder({
    customer: { userId: investor.id, email: investor.email },
    checkout: checkoutFor(investor.name, checkout),
    lines: orderLinesFromCart(cart.lines),
  });
}

/**
 * An investor (income over ₦60m, the application's fields changed by `over`) holding `principalKobo` of the tier, paid
 * by bank transfer and backdated so it started at 09:00 on the Lagos day `since` (money arriving then).
 */
export async function investmentHeldSince(
  tierId: number,
  name: string,
  principalKobo: number,
  since: string,
  over: Record<string, string> = {},
) {
  const investor = await makeInvestor(name, "over_60m", over);
  const { order } = orFail(await investThroughCheckout(investor, tierId, principalKobo));
  const staff = await makeUser("staff", "Funmilayo Adebayo");
  orFail(await confirmOfflinePayment({ orderId: order.id, reference: `GTB-${Math.random().toString(36).slice(2, 10)}`, staff }));
  const [investment] = await getDb()
    .update(investments)
    .set({ activatedAt: new Date(`${since}T09:00:00+01:00`) })
    .where(eq(investments.orderId, order.id))
    .returning();
  return { investor, investment: investment! };
}
