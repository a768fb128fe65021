// The words every investment page, application, agreement and statement repeats about risk. Plain ASCII
// punctuation, so the PDF standard fonts (WinAnsi) draw them exactly as the web shows them. Isomorphic: no
// server imports.
import { madeOnce } from "../text/made-once";

/** Shown next to every projected return, on every investment page, the agreement and statements. */
export const PROJECTION_NOTE =
  "Projected returns are estimates, not promises: returns are not guaranteed and you may get back less than you put in. " +
  "Past distributions do not predict future ones.";

/** The risk statement an investor accepts when applying and that each agreement repeats: paragraphs. */
export const RISK_STATEMENT: readonly string[] = [
  "Your capital is at risk. The projects your money funds can earn less than planned, cost more than planned or fail, " +
    "and you may lose some or all of the money you invest.",
  "There is no guaranteed return. Distributions are declared only from the actual results of the projects, and each " +
    "one must be approved by two Zavolah directors or administrators before it is paid. A projected return is an " +
    "estimate, not a promise.",
  "Your money is locked in. It stays invested until maturity, or until the end of your tier's lock-up period where " +
    "the tier allows early redemption, and it cannot be withdrawn on demand.",
  "This is not a bank deposit. It is not covered by Nigeria Deposit Insurance Corporation (NDIC) insurance or by any " +
    "other deposit protection scheme.",
  "The Securities and Exchange Commission (SEC) Nigeria crowdfunding rules limit a retail investor to investing no " +
    "more than 10% of their annual income in a year. You are responsible for staying within that limit.",
  "Distributions may be subject to withholding tax, which is deducted before payment where the law requires it.",
  "Invest only money you can afford to lose, and seek independent financial advice if you are unsure.",
];

export const RISK_ACCEPTANCE_LABEL = "I have read the risk statement and understand my capital is at risk and returns are not guaranteed.";

const percent = madeOnce(() => new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2 }));

/** A projected return in basis points as words: 1250 -> "12.5% a year". Always shown beside PROJECTION_NOTE. */
export const projectedReturn = (basisPoints: number) => `${percent().format(basisPoints / 100)}% a year`;

/** 1 -> "1 month", 12 -> "12 months". */
export const months = (n: number) => `${n} month${n === 1 ? "" : "s"}`;
