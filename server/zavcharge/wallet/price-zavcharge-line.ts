import { and, eq, ne } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { TOP_UP_MAX_KOBO, TOP_UP_MIN_KOBO } from "@domain/zavcharge/wallet/wallet-rules";
import { AppError } from "@domain/errors/app-error";
import type { Tx } from "../../db/client";
import { zavchargeAccounts, zavchargePlans } from "../schema";

export type TZavChargeOrderLine =
  | { kind: "wallet_topup"; zavchargeAccountId: number; amountKobo: number }
  | { kind: "plan_renewal"; zavchargeAccountId: number; zavchargePlanId: number };

/**
 * What a ZavCharge line costs at checkout (docs/product/zavcharge.md#wallet, #plans), read again here: the account
 * must be open, a top-up within the limits, a plan still offered. Throws the refusal, so the order is not placed.
 */
export async function priceZavChargeLine(tx: Tx, line: TZavChargeOrderLine) {
  const [account] = await tx
    .select({ code: zavchargeAccounts.code })
    .from(zavchargeAccounts)
    .where(and(eq(zavchargeAccounts.id, line.zavchargeAccountId), ne(zavchargeAccounts.status, "closed")));
  if (!account) throw new AppError("conflict", "A ZavCharge account in your cart is closed. Remove its line and try again.");
  if (line.kind === "wallet_topup") {
    if (!Number.isSafeInteger(line.amountKobo) || line.amountKobo < TOP_UP_MIN_KOBO || line.amountKobo > TOP_UP_MAX_KOBO)
      throw new AppError("invalid_input", `A top-up must be between ${formatKobo(TOP_UP_MIN_KOBO)} and ${formatKobo(TOP_UP_MAX_KOBO)}.`);
    return {
      productName: "ZavCharge wallet top-up",
      variantName: account.code,
      sku: `ZAV-TOPUP-${account.code}`,
      priceKobo: line.amountKobo,
      zavchargePlanId: null,
      taxable: false,
    };
  }
  const [plan] = await tx
    .select()
    .from(zavchargePlans)
    .where(and(eq(zavchargePlans.id, line.zavchargePlanId), eq(zavchargePlans.active, true)));
  if (!plan) throw new AppError("conflict", "A ZavCharge plan in your cart is not offered any more. Remove it and choose another.");
  return {
    productName: `${plan.name} plan renewal`,
    variantName: account.code,
    sku: `ZAV-PLAN-${plan.code}-${account.code}`,
    priceKobo: plan.priceKobo,
    zavchargePlanId: plan.id,
    taxable: true,
  };
}
