import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEFAULT_PLAN_CODE, generatedPin, subscriptionCode, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/zavcharge";
import { AppError } from "@domain/errors/app-error";
import type { Tx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { enqueueSms } from "../messaging/enqueue-sms";
import { zavchargeWelcomeEmail, zavchargeWelcomeSms } from "../messaging/zavcharge-emails";
import { startSubscription } from "../subscriptions/start-subscription";
import { hashPin } from "./pin-hash";
import { postWalletEntry } from "./post-wallet-entry";
import { zavchargeAccounts, zavchargePlans } from "./schema";

export type TOpenedDriverAccount = {
  accountId: number;
  code: string;
  /** Set only when the PIN was generated: shown once, never stored in clear. */
  generatedPin: string | null;
  welcomeCreditKobo: number;
  planName: string;
  expiresAt: Date;
};

/**
 * A site account's new ZavCharge account (docs/product/zavcharge.md#accounts), inside the caller's transaction:
 * a fresh ZAV… id, the hashed PIN (or a generated one), the Monthly plan for its period, the welcome credit in
 * the ledger, and the welcome e-mail and SMS in the outbox. One open account per site account.
 */
export async function openDriverAccount(
  tx: Tx,
  p: { userId: string; name: string; email: string; phone: string; pin: string },
): Promise<TOpenedDriverAccount> {
  const [open] = await tx.select({ id: zavchargeAccounts.id }).from(zavchargeAccounts).where(eq(zavchargeAccounts.userId, p.userId));
  if (open) throw new AppError("conflict", "You already have a ZavCharge account. Open your dashboard to see it.");
  const [plan] = await tx.select().from(zavchargePlans).where(eq(zavchargePlans.code, DEFAULT_PLAN_CODE));
  if (!plan) throw new Error(`the ${DEFAULT_PLAN_CODE} ZavCharge plan is missing`);

  const pin = p.pin || generatedPin(randomInt);
  const pinHash = await hashPin(pin);
  let code = "";
  for (let attempt = 0; attempt < 5 && !code; attempt++) {
    const candidate = subscriptionCode(Date.now(), randomInt);
    const [taken] = await tx.select({ id: zavchargeAccounts.id }).from(zavchargeAccounts).where(eq(zavchargeAccounts.code, candidate));
    if (!taken) code = candidate;
  }
  if (!code) throw new Error("could not draw a free subscription id");

  const period = await startSubscription(tx, {
    userId: p.userId,
    planName: plan.name,
    priceKobo: plan.priceKobo,
    periodDays: plan.periodDays,
  });
  const [account] = await tx
    .insert(zavchargeAccounts)
    .values({ code, userId: p.userId, name: p.name, email: p.email, phone: p.phone, pinHash, planId: plan.id, subscriptionId: period.id })
    .returning({ id: zavchargeAccounts.id });
  await postWalletEntry(tx, {
    accountId: account!.id,
    kind: "welcome_credit",
    amountKobo: WELCOME_CREDIT_KOBO,
    reference: `welcome:${account!.id}`,
    description: "Welcome credit",
  });
  const welcome = {
    name: p.name,
    subscriptionId: code,
    planName: plan.name,
    expiresAt: period.expiresAt,
    welcomeCreditKobo: WELCOME_CREDIT_KOBO,
  };
  await enqueueEmail(tx, "zavcharge-welcome", { email: p.email, name: p.name }, zavchargeWelcomeEmail(welcome, publicUrl()));
  await enqueueSms(tx, "zavcharge-welcome", p.phone, zavchargeWelcomeSms(welcome));
  return {
    accountId: account!.id,
    code,
    generatedPin: p.pin ? null : pin,
    welcomeCreditKobo: WELCOME_CREDIT_KOBO,
    planName: plan.name,
    expiresAt: period.expiresAt,
  };
}
