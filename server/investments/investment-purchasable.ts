import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { refuse, succeed } from "@domain/errors/app-error";
import {
  checkInvestmentAmount,
  investmentReference,
  lockUpEndOf,
  maturityDateOf,
  type TTierLimits,
} from "@domain/investments/investment-rules";
import { users } from "../auth/schema";
import type { DbOrTx, Tx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { investmentActiveEmail } from "../messaging/investment-emails";
import { notifyUser } from "../notifications/notify-user";
import { cartLineOf, type TCartOffer, type TLine, type TPricedLine, type TPurchasableKind } from "../orders/purchasable-kind";
import { allowanceOf, findInvestor } from "./investor-standing";
import { distributionPayments, investments, investmentTiers, type TAgreedTerms } from "./schema";

// An investment as a line of the one cart (docs/product/investments.md#investments, docs/decisions/0013): the tier is
// the line's reference ("tier-3") and the amount the investor chose is its price. Not taxed, not delivered, not paid on
// delivery. Placing the order writes the investment awaiting payment; verified payment makes it active, once.

export const INVESTMENT_KIND = "investment";
const REF = /^tier-(\d{1,9})$/;
export const tierItemRef = (tierId: number) => `tier-${tierId}`;
const tierIdOf = (line: TLine) => {
  const m = line.itemRef ? REF.exec(line.itemRef) : null;
  return m ? Number(m[1]) : null;
};

type TTier = typeof investmentTiers.$inferSelect;

async function tiersById(db: DbOrTx, ids: number[], lock = false) {
  if (ids.length === 0) return new Map<number, TTier>();
  const query = db.select().from(investmentTiers).where(inArray(investmentTiers.id, ids)).orderBy(asc(investmentTiers.id));
  const rows = lock ? await query.for("update") : await query;
  return new Map(rows.map((t) => [t.id, t]));
}

/** What a tier has raised: every investment in it that is not cancelled, awaiting payment included. */
export async function raisedKobo(db: DbOrTx, tierId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${investments.principalKobo}), 0)` })
    .from(investments)
    .where(and(eq(investments.tierId, tierId), ne(investments.status, "cancelled")));
  return Number(row?.total ?? 0);
}

export const tierLimitsOf = (tier: TTier, raised: number): TTierLimits => ({
  name: tier.name,
  minKobo: tier.minKobo,
  maxKobo: tier.maxKobo,
  raiseCapKobo: tier.raiseCapKobo,
  raisedKobo: raised,
  open: tier.status === "open",
});

/** The terms the investor agrees to when the order is placed. */
const agreedTermsOf = (tier: TTier): TAgreedTerms => ({
  tierName: tier.name,
  tenorMonths: tier.tenorMonths,
  expectedReturnBasisPoints: tier.expectedReturnBasisPoints,
  distributionFrequency: tier.distributionFrequency as TAgreedTerms["distributionFrequency"],
  lockupMonths: tier.lockupMonths,
  earlyRedemption: tier.earlyRedemption,
});

const NOT_AN_INVESTOR = "Only checked investors can invest. Apply from the Invest page first.";

export const investmentPurchasable: TPurchasableKind = {
  kind: INVESTMENT_KIND,
  channel: "investments",
  identity: ["itemRef"],
  payOnDeliveryRefusal: "Investments cannot be paid on delivery. Please pay by card or bank transfer.",
  // It starts once paid; its agreement is on the investor dashboard (docs/product/investments.md#investments).
  boughtAt: { to: "/investor-dashboard", label: "Your investments" },
  async describe(db, rows) {
    const tiers = await tiersById(
      db,
      rows.flatMap((r) => tierIdOf(r) ?? []),
    );
    return new Map(
      rows.flatMap((row) => {
        const tierId = tierIdOf(row);
        const tier = tierId ? tiers.get(tierId) : undefined;
        if (!tier || !row.amountKobo) return [];
        const open = tier.status === "open" ? 1 : 0;
        const line = cartLineOf(row, {
          key: `${INVESTMENT_KIND}-${tier.id}`,
          href: `/invest/tiers/${tier.id}`,
          taxable: false,
          productName: `${tier.name} investment`,
          variantName: `${tier.tenorMonths} months`,
          sku: `ZINV-T${tier.id}`,
          image: "/images/invest/tier.svg",
          unitPriceKobo: row.amountKobo,
          quantity: 1,
          maxQuantity: open,
          available: open,
          pricePrefix: "Amount",
          fixedQuantityNote: "Active once your payment is verified",
          closedNote: open ? null : "This tier is closed to new investments.",
        });
        return [[row.id, line] as const];
      }),
    );
  },
  // One line per tier: choosing again replaces the amount. The limits are checked now so the investor hears at once,
  // and again at checkout under the tier's lock. Only a signed-in, checked investor may add one.
  async offer(tx, line, buyer) {
    if (!buyer.userId) return refuse("unauthenticated", "Sign in to invest.");
    const investor = await findInvestor(tx, buyer.userId);
    if (!investor) return refuse("forbidden", NOT_AN_INVESTOR);
    const tierId = tierIdOf(line);
    const tier = tierId ? (await tiersById(tx, [tierId])).get(tierId) : undefined;
    if (!tier) return refuse("not_found", "That tier does not exist.");
    const allowance = await allowanceOf(tx, buyer.userId, investor.incomeBand);
    const checked = checkInvestmentAmount(line.amountKobo ?? 0, tierLimitsOf(tier, await raisedKobo(tx, tier.id)), allowance.leftKobo);
    if (!checked.ok) return checked;
    return succeed<TCartOffer>({
      name: `a ${formatKobo(checked.amountKobo)} investment in ${tier.name}`,
      maxQuantity: 1,
      again: "replace",
      capped: () => `One investment per tier in a cart`,
      target: { amountKobo: checked.amountKobo },
    });
  },
  async buyableQuantity(db, line, userId) {
    const tierId = tierIdOf(line);
    if (!tierId || !line.amountKobo) return 0;
    const [tier, investor] = [(await tiersById(db, [tierId])).get(tierId), await findInvestor(db, userId)];
    return tier?.status === "open" && investor ? 1 : 0;
  },
  async price(tx, lines, buyer) {
    if (lines.length === 0) return succeed({ lines: [] });
    // The investor row is locked first, so two checkouts of one investor (two tabs) count the allowance one after the other.
    const investor = await findInvestor(tx, buyer.userId, { lock: true });
    if (!investor) return refuse("forbidden", NOT_AN_INVESTOR);
    const tiers = await tiersById(
      tx,
      lines.flatMap((l) => tierIdOf(l) ?? []),
      true,
    );
    let allowanceLeft = (await allowanceOf(tx, buyer.userId, investor.incomeBand)).leftKobo;
    const priced: TPricedLine[] = [];
    for (const line of lines) {
      const tierId = tierIdOf(line);
      const tier = tierId ? tiers.get(tierId) : undefined;
      if (!tier) return refuse("conflict", "An investment tier in your cart is not offered any more. Remove it and choose another.");
      const checked = checkInvestmentAmount(line.amountKobo ?? 0, tierLimitsOf(tier, await raisedKobo(tx, tier.id)), allowanceLeft);
      if (!checked.ok) return checked;
      allowanceLeft -= checked.amountKobo;
      priced.push({
        ...line,
        quantity: 1,
        amountKobo: checked.amountKobo,
        productName: `${tier.name} investment`,
        variantName: `${tier.tenorMonths} months`,
        sku: `ZINV-T${tier.id}`,
        priceKobo: checked.amountKobo,
        taxable: false,
        ships: false,
        sellerId: null,
      });
    }
    return succeed({ lines: priced });
  },
  async hold(tx, order, lines) {
    const tiers = await tiersById(
      tx,
      lines.map((l) => tierIdOf(l)!),
    );
    await tx.insert(investments).values(
      lines.map((l) => {
        const tier = tiers.get(tierIdOf(l)!)!;
        return {
          userId: order.userId,
          tierId: tier.id,
          orderId: order.id,
          principalKobo: l.priceKobo,
          terms: agreedTermsOf(tier),
          status: "pending_payment",
        };
      }),
    );
    return succeed();
  },
  async fulfil(tx, order) {
    await activateOrderInvestments(tx, order);
  },
  async release(db, order) {
    await db
      .update(investments)
      .set({ status: "cancelled", endedAt: new Date() })
      .where(and(eq(investments.orderId, order.id), eq(investments.status, "pending_payment")));
  },
  async refundRefusal(tx, order) {
    // The investments are locked, so a redemption asked for or sent meanwhile waits for this refund's answer.
    const started = await tx
      .select({
        id: investments.id,
        placedAt: investments.placedAt,
        status: investments.status,
        redemptionRequestedAt: investments.redemptionRequestedAt,
        paidOut: distributionPayments.id,
      })
      .from(investments)
      .leftJoin(distributionPayments, eq(distributionPayments.investmentId, investments.id))
      .where(eq(investments.orderId, order.id))
      .for("update", { of: investments });
    const done = started.find((i) => i.paidOut !== null || i.status === "matured" || i.status === "redeemed");
    if (done)
      return `Investment ${investmentReference(done.id, done.placedAt)} has had distributions or reached maturity: it cannot be refunded. Pay the principal back through redemption instead.`;
    // Its principal is already being paid back (asked for, or a transfer on its way): a refund would pay it twice.
    const askedBack = started.find((i) => i.redemptionRequestedAt !== null);
    return askedBack
      ? `The principal of investment ${investmentReference(askedBack.id, askedBack.placedAt)} has been asked back: pay it through redemption, not a refund.`
      : null;
  },
  async undo(db, order) {
    // A refund of the order before any distribution gives the principal back: the investment ends as cancelled.
    await db
      .update(investments)
      .set({ status: "cancelled", endedAt: new Date() })
      .where(and(eq(investments.orderId, order.id), inArray(investments.status, ["pending_payment", "active"])));
  },
  async categories(db, lines) {
    const tiers = await tiersById(
      db,
      lines.flatMap((l) => tierIdOf(l) ?? []),
    );
    return lines.map((l) => tiers.get(tierIdOf(l) ?? 0)?.name ?? null);
  },
};

/**
 * Payment verified: each of the order's investments awaiting payment becomes active now, with its maturity and
 * lock-up end from its tier; the investor is e-mailed and notified. Only rows still awaiting payment move, so a
 * repeat changes nothing (markOrderPaid already runs this once per order).
 */
async function activateOrderInvestments(tx: Tx, order: { id: string; userId: string }) {
  const now = new Date();
  const waiting = await tx
    .select()
    .from(investments)
    .where(and(eq(investments.orderId, order.id), eq(investments.status, "pending_payment")))
    .for("update");
  if (waiting.length === 0) return;
  const investor = await findInvestor(tx, order.userId);
  const [to] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId));
  for (const investment of waiting) {
    const tier = investment.terms;
    const maturesAt = maturityDateOf(now, tier.tenorMonths);
    await tx
      .update(investments)
      .set({ status: "active", activatedAt: now, maturesAt, lockUpEndsAt: lockUpEndOf(now, tier.lockupMonths) })
      .where(eq(investments.id, investment.id));
    const reference = investmentReference(investment.id, investment.placedAt);
    await enqueueEmail(
      tx,
      "investment_active",
      to!,
      investmentActiveEmail(
        {
          name: investor?.legalName ?? to!.name,
          reference,
          tierName: tier.tierName,
          principalKobo: investment.principalKobo,
          startDate: now,
          maturityDate: maturesAt,
        },
        publicUrl(),
      ),
    );
    await notifyUser(tx, {
      userId: order.userId,
      type: "investment",
      title: `Your ${tier.tierName} investment is active`,
      message: `Reference ${reference}. Your agreement is ready to download.`,
      link: "/investor-dashboard",
      // What an investment's notification carries (docs/product/investments.md#notifications); the return is a projection, never a promise.
      metadata: {
        amount: investment.principalKobo,
        tier: tier.tierName,
        expectedROI: tier.expectedReturnBasisPoints / 100,
        totalReturn: null,
        reference,
      },
    });
  }
}
