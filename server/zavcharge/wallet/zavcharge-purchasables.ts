import { and, eq, inArray, ne } from "drizzle-orm";
import type { TZavChargeLineKind } from "@domain/cart/cart";
import { refuse, succeed } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { TOP_UP_MAX_KOBO, TOP_UP_MIN_KOBO } from "@domain/zavcharge/wallet/wallet-rules";
import type { DbOrTx } from "../../db/client";
import { cartLineOf, type TCartOffer, type TLine, type TPricedLine, type TPurchasableKind } from "../../orders/purchasable-kind";
import { zavchargeAccounts, zavchargePlans } from "../accounts/schema";
import { fulfilZavChargeOrderLines } from "./fulfil-zavcharge-order-lines";
import { undoZavChargeOrderLines } from "./undo-zavcharge-order-lines";

// ZavCharge's two kinds of purchase (docs/product/zavcharge.md#wallet, #plans; docs/decisions/0013-one-cart-many-kinds.md):
// a wallet top-up at the amount the driver chose (no VAT: money held for them, not a sale yet) and a plan renewal at
// the plan's price. One of each per account in a cart; neither is delivered or paid on delivery.

const CATEGORY: Record<TZavChargeLineKind, string> = { wallet_topup: "Wallet top-ups", plan_renewal: "Plan renewals" };

async function openAccounts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: zavchargeAccounts.id, code: zavchargeAccounts.code })
    .from(zavchargeAccounts)
    .where(and(inArray(zavchargeAccounts.id, ids), ne(zavchargeAccounts.status, "closed")));
  return new Map(rows.map((r) => [r.id, r.code]));
}

async function plansById(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof zavchargePlans.$inferSelect>();
  const rows = await db.select().from(zavchargePlans).where(inArray(zavchargePlans.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const idsOf = (lines: TLine[], column: "zavchargeAccountId" | "zavchargePlanId") => lines.flatMap((l) => (l[column] ? [l[column]] : []));

function zavchargeKind(kind: TZavChargeLineKind): TPurchasableKind {
  const topUp = kind === "wallet_topup";
  /**
   * Each line's name, second name, SKU and price now, and whether it can be bought (a plan still offered); null when
   * its account is closed or its plan gone.
   */
  async function describeAll(db: DbOrTx, lines: TLine[]) {
    const [accounts, plans] = await Promise.all([
      openAccounts(db, idsOf(lines, "zavchargeAccountId")),
      plansById(db, idsOf(lines, "zavchargePlanId")),
    ]);
    return lines.map((l) => {
      const code = l.zavchargeAccountId ? accounts.get(l.zavchargeAccountId) : undefined;
      if (!code) return null;
      if (topUp)
        return {
          productName: "ZavCharge wallet top-up",
          variantName: code,
          sku: `ZAV-TOPUP-${code}`,
          priceKobo: l.amountKobo ?? 0,
          open: true,
        };
      const plan = l.zavchargePlanId ? plans.get(l.zavchargePlanId) : undefined;
      if (!plan) return null;
      return {
        productName: `${plan.name} plan renewal`,
        variantName: code,
        sku: `ZAV-PLAN-${plan.code}-${code}`,
        priceKobo: plan.priceKobo,
        open: plan.active,
      };
    });
  }
  return {
    kind,
    channel: "zavcharge",
    identity: ["zavchargeAccountId"],
    payOnDeliveryRefusal: "ZavCharge top-ups and renewals cannot be paid on delivery. Please choose another way to pay.",
    async describe(db, rows) {
      const described = await describeAll(db, rows);
      return new Map(
        rows.flatMap((row, i) => {
          const d = described[i];
          if (!d) return [];
          const open = d.open ? 1 : 0;
          const line = cartLineOf(row, {
            key: `${kind}-${row.zavchargeAccountId}`,
            href: topUp ? "/zavcharge/top-up" : "/zavcharge/renew",
            taxable: !topUp,
            productName: d.productName,
            variantName: d.variantName,
            sku: d.sku,
            image: "/images/zavcharge/wallet.svg",
            unitPriceKobo: d.priceKobo,
            quantity: 1,
            maxQuantity: open,
            available: open,
            fixedQuantityNote: topUp ? "Credited to your wallet once paid" : "Added to your plan once paid",
          });
          return [[row.id, line] as const];
        }),
      );
    },
    // One of each per account in a cart: adding again replaces the amount or the plan. The account is the signed-in
    // driver's own, passed by the top-up and renewal pages from the guard (a PIN session's cart is a guest's): no cart
    // form can name one (the kind has no cartForm).
    async offer(tx, line) {
      const open = line.zavchargeAccountId ? await openAccounts(tx, [line.zavchargeAccountId]) : new Map();
      if (open.size === 0) return refuse("conflict", "This ZavCharge account is closed.");
      const once = { maxQuantity: 1, again: "replace" as const, capped: () => "One of each per account in a cart" };
      if (topUp) {
        const amount = line.amountKobo ?? 0;
        if (!Number.isSafeInteger(amount) || amount < TOP_UP_MIN_KOBO || amount > TOP_UP_MAX_KOBO)
          return refuse("invalid_input", `A top-up must be between ${formatKobo(TOP_UP_MIN_KOBO)} and ${formatKobo(TOP_UP_MAX_KOBO)}.`);
        return succeed<TCartOffer>({ ...once, name: `a ${formatKobo(amount)} ZavCharge top-up`, target: { zavchargePlanId: null } });
      }
      const [plan] = line.zavchargePlanId
        ? await tx
            .select()
            .from(zavchargePlans)
            .where(and(eq(zavchargePlans.id, line.zavchargePlanId), eq(zavchargePlans.active, true)))
        : [];
      if (!plan) return refuse("not_found", "That plan is not offered any more. Please choose another.");
      return succeed<TCartOffer>({
        ...once,
        name: `the ${plan.name} plan renewal (${formatKobo(plan.priceKobo)})`,
        target: { amountKobo: null },
      });
    },
    async buyableQuantity(db, line) {
      const [d] = await describeAll(db, [line]);
      return d?.open && d.priceKobo > 0 ? 1 : 0;
    },
    async price(tx, lines) {
      const priced: TPricedLine[] = [];
      const described = await describeAll(tx, lines);
      for (const [i, l] of lines.entries()) {
        const d = described[i];
        const accountOpen = !!l.zavchargeAccountId && (d !== null || (await openAccounts(tx, [l.zavchargeAccountId])).size > 0);
        if (!accountOpen) return refuse("conflict", "A ZavCharge account in your cart is closed. Remove its line and try again.");
        if (topUp && (!Number.isSafeInteger(l.amountKobo) || l.amountKobo! < TOP_UP_MIN_KOBO || l.amountKobo! > TOP_UP_MAX_KOBO))
          return refuse("invalid_input", `A top-up must be between ${formatKobo(TOP_UP_MIN_KOBO)} and ${formatKobo(TOP_UP_MAX_KOBO)}.`);
        if (!d?.open) return refuse("conflict", "A ZavCharge plan in your cart is not offered any more. Remove it and choose another.");
        priced.push({
          ...l,
          productName: d.productName,
          variantName: d.variantName,
          sku: d.sku,
          priceKobo: d.priceKobo,
          quantity: 1,
          amountKobo: topUp ? l.amountKobo : null,
          zavchargePlanId: topUp ? null : l.zavchargePlanId,
          taxable: !topUp,
          ships: false,
          sellerId: null,
        });
      }
      return succeed({ lines: priced });
    },
    async fulfil(tx, order) {
      await fulfilZavChargeOrderLines(tx, order.id, kind);
    },
    ...(topUp
      ? {
          async undo(db: DbOrTx, order: { id: string }) {
            await undoZavChargeOrderLines(db, order.id);
          },
        }
      : {}),
    async categories(_db, lines) {
      return lines.map(() => CATEGORY[kind]);
    },
  };
}

export const walletTopUp = zavchargeKind("wallet_topup");
export const planRenewal = zavchargeKind("plan_renewal");
