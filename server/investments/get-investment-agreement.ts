import { and, eq } from "drizzle-orm";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { DISTRIBUTION_FREQUENCY_LABEL, investmentReference, parseInvestmentReference } from "@domain/investments/investment-rules";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { getSettings } from "../settings/get-settings";
import type { TInvestmentAgreement } from "./render-investment-agreement-pdf";
import { investments, investors } from "./schema";

const NOT_FOUND = "That agreement does not exist.";

/**
 * The agreement of a started investment, by its reference (docs/product/investments.md#investments): only its investor
 * and staff may have it. Someone else's reference answers as if it did not exist, so references cannot be probed.
 */
export async function getInvestmentAgreement(viewer: TViewer, reference: string): Promise<TResult<{ agreement: TInvestmentAgreement }>> {
  const parsed = parseInvestmentReference(reference);
  if (!parsed) return refuse("not_found", NOT_FOUND);
  const staff = hasRoleLevel(viewer.role, "staff");
  const [row] = await getDb()
    .select({ investment: investments, investor: investors, email: users.email })
    .from(investments)
    .innerJoin(investors, eq(investors.userId, investments.userId))
    .innerJoin(users, eq(users.id, investments.userId))
    .where(and(eq(investments.id, parsed.id), staff ? undefined : eq(investments.userId, viewer.id)));
  if (!row || investmentReference(row.investment.id, row.investment.placedAt) !== reference) return refuse("not_found", NOT_FOUND);
  const { investment: i, investor: p } = row;
  const t = i.terms;
  if (!i.activatedAt || !i.maturesAt) return refuse("not_found", "The agreement is issued once your payment is verified.");
  const settings = await getSettings();
  return succeed({
    agreement: {
      reference,
      issuedAt: i.activatedAt,
      investor: { legalName: p.legalName, email: row.email, phone: p.phone, address: p.address, state: p.state, lga: p.lga },
      tier: {
        name: t.tierName,
        tenorMonths: t.tenorMonths,
        expectedReturnBasisPoints: t.expectedReturnBasisPoints,
        distributionFrequencyLabel: DISTRIBUTION_FREQUENCY_LABEL[t.distributionFrequency],
        lockupMonths: t.lockupMonths,
        earlyRedemption: t.earlyRedemption,
      },
      principalKobo: i.principalKobo,
      startDate: i.activatedAt,
      maturityDate: i.maturesAt,
      registration: settings.investmentRegistration,
    },
  });
}
