import type { TPayee } from "../payments/payee";
import { applyInvestmentTransfer, INVESTMENT_TRANSFER_PREFIX } from "./sync-investment-transfer";

/**
 * Investors, paid their distributions' shares and their principal back (docs/product/investments.md#payouts). They
 * ask for nothing on /admin/payouts: admins pay them from /admin/investments, declaration by declaration.
 */
export const investorPayee: TPayee = {
  payee: "investor",
  referencePrefix: INVESTMENT_TRANSFER_PREFIX,
  applyTransfer: applyInvestmentTransfer,
};
