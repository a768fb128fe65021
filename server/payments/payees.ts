import { investorPayee } from "../investments/investor-payee";
import { sellerPayee } from "../marketplace/seller-payee";
import { referrerPayee } from "../referrals/referrer-payee";
import type { TPayee, TPayoutQueue } from "./payee";

// The payees the site pays out to (docs/decisions/0044-payees.md). A new payee is one line here; its context
// implements TPayee. Read lazily: the payees' modules import payment code that reads this list.
const PAID = (): TPayee[] => [sellerPayee, referrerPayee, investorPayee];

let registry: Map<string, TPayee> | null = null;

function payees(): Map<string, TPayee> {
  registry ??= new Map(PAID().map((p) => [p.payee, p]));
  return registry;
}

/** Adds a payee beside the listed ones (a test's made-up payee); a payee, and a reference prefix, is registered once. */
export function registerPayee(payee: TPayee) {
  const taken = [...payees().values()].find((p) => p.payee === payee.payee || p.referencePrefix === payee.referencePrefix);
  if (taken) throw new Error(`The payee "${payee.payee}" (or its reference prefix) is registered already.`);
  payees().set(payee.payee, payee);
}

/** Whose transfer a reference of ours is, or undefined for a reference we did not make. */
export const payeeOfReference = (reference: string): TPayee | undefined =>
  [...payees().values()].find((p) => reference.startsWith(p.referencePrefix));

/** The payees whose requests admins settle on /admin/payouts, in the page's order. */
export const payoutQueues = (): (TPayoutQueue & { payee: string })[] =>
  [...payees().values()].flatMap((p) => (p.queue ? [{ ...p.queue, payee: p.payee }] : []));

/** A payee's queue by its name in the page's forms, or undefined. */
export const findPayoutQueue = (payee: string) => payoutQueues().find((q) => q.payee === payee);
