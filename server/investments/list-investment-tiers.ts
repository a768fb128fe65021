import { asc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { investments, investmentTiers } from "./schema";

export type TTierView = typeof investmentTiers.$inferSelect & {
  raisedKobo: number;
  /** What is left to raise; null when the tier has no cap. */
  leftKobo: number | null;
  investors: number;
};

/** The tiers with what each has raised (docs/product/investments.md#tiers): open ones for the public page, all for admins. */
export async function listInvestmentTiers(opts: { openOnly: boolean }): Promise<TTierView[]> {
  const raised = getDb()
    .select({
      tierId: investments.tierId,
      raised: sql<string>`sum(${investments.principalKobo})`.as("raised"),
      investors: sql<number>`count(distinct ${investments.userId})::int`.as("investors"),
    })
    .from(investments)
    .where(ne(investments.status, "cancelled"))
    .groupBy(investments.tierId)
    .as("raised");
  const rows = await getDb()
    .select({ tier: investmentTiers, raised: raised.raised, investors: raised.investors })
    .from(investmentTiers)
    .leftJoin(raised, eq(raised.tierId, investmentTiers.id))
    .where(opts.openOnly ? eq(investmentTiers.status, "open") : undefined)
    .orderBy(asc(investmentTiers.minKobo), asc(investmentTiers.id));
  return rows.map(({ tier, raised: r, investors }) => {
    const raisedKobo = Number(r ?? 0);
    return {
      ...tier,
      raisedKobo,
      leftKobo: tier.raiseCapKobo === null ? null : Math.max(0, tier.raiseCapKobo - raisedKobo),
      investors: investors ?? 0,
    };
  });
}

/** One tier with its figures, open or not; undefined when there is none. */
export async function findInvestmentTier(tierId: number): Promise<TTierView | undefined> {
  return (await listInvestmentTiers({ openOnly: false })).find((t) => t.id === tierId);
}
