// The investor dashboard's distributions chart (docs/product/investments.md#dashboard): net distributions paid so far,
// as a step line, against a projection for the active investments, which is never a promise. Pure and isomorphic:
// the loader computes it once, so the page the server renders and the page the browser hydrates draw the same.

const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The Lagos calendar day an instant falls in, as a count of days. */
const lagosDayNumber = (d: Date) => Math.floor((d.getTime() + LAGOS_OFFSET_MS) / DAY_MS);

/** Month names spelt out here, not by Intl: ICU versions differ ("Sep" or "Sept"), and the server and browser must agree. */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * A distribution's period as people read it: "1 Jul 2026 - 30 Sep 2026". The period's end is stored exclusive (the
 * first day after it), so the last day shown is the day before.
 */
export function distributionPeriodLabel(periodStart: string, periodEndExclusive: string): string {
  const day = (iso: string, shift = 0) => {
    const d = new Date(`${iso}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + shift);
    return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  };
  return `${day(periodStart)} - ${day(periodEndExclusive, -1)}`;
}

export type TChartInvestment = {
  principalKobo: number;
  /** The projected return a year, in basis points (a projection, not a promise). */
  expectedReturnBasisPoints: number;
  /** When it started; null: not started, left out. */
  startedAt: Date | null;
  /** Only active investments count in the projection; any started one sets where the chart begins. */
  active: boolean;
};

export type TChartDistribution = { netKobo: number; paidAt: Date | null };

export type TChartPoint = { x: number; y: number };

export type TDistributionChart = {
  /** The chart's first and last day, as ISO instants (the first investment's start, and now). */
  from: string;
  to: string;
  /** The top of the y axis, in kobo (at least 1). */
  maxKobo: number;
  /** Net paid to date and the projection at `to`, in kobo. */
  receivedKobo: number;
  projectedKobo: number;
  /** Step points of the cumulative net paid and the projection's points, scaled to the box (y down, as SVG draws). */
  received: TChartPoint[];
  projection: TChartPoint[];
  width: number;
  height: number;
};

/**
 * The projection at an instant: for each active investment, principal × projected rate × whole Lagos days since its
 * start / 365, summed and rounded down to the kobo.
 */
export function projectedKoboAt(investments: TChartInvestment[], at: Date): number {
  let total = 0;
  for (const i of investments) {
    if (!i.active || !i.startedAt) continue;
    const days = Math.max(0, lagosDayNumber(at) - lagosDayNumber(i.startedAt));
    total += (i.principalKobo * i.expectedReturnBasisPoints * days) / (10_000 * 365);
  }
  return Math.floor(total);
}

/** A tidy top for the y axis: the value rounded up to 1, 2 or 5 times a power of ten, at least ₦1 (100 kobo). */
export function niceCeiling(kobo: number): number {
  if (!(kobo > 100)) return 100;
  const power = 10 ** Math.floor(Math.log10(kobo));
  for (const step of [1, 2, 5, 10]) if (step * power >= kobo) return step * power;
  return 10 * power;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The chart's series, scaled to a width × height box: null when no investment has started. X runs from the earliest
 * start (or payment, if one came first) to now; the received line steps up at each paid distribution's date (ones
 * still scheduled are not received yet); the projection runs straight between each active investment's start, where
 * its slope changes, and now.
 */
export function distributionChart(
  investments: TChartInvestment[],
  distributions: TChartDistribution[],
  now: Date,
  size: { width: number; height: number } = { width: 600, height: 200 },
): TDistributionChart | null {
  const starts = investments.flatMap((i) => (i.startedAt && i.startedAt.getTime() <= now.getTime() ? [i.startedAt.getTime()] : []));
  if (starts.length === 0) return null;
  const paid = distributions
    .flatMap((d) => (d.paidAt && d.paidAt.getTime() <= now.getTime() ? [{ t: d.paidAt.getTime(), kobo: d.netKobo }] : []))
    .sort((a, b) => a.t - b.t);
  const from = Math.min(...starts, ...paid.map((p) => p.t));
  const to = Math.max(now.getTime(), from + DAY_MS);

  const receivedKobo = paid.reduce((sum, p) => sum + p.kobo, 0);
  const kinks = [...new Set([from, ...investments.flatMap((i) => (i.active && i.startedAt ? [i.startedAt.getTime()] : [])), to])]
    .filter((t) => t >= from && t <= to)
    .sort((a, b) => a - b);
  const projectionValues = kinks.map((t) => ({ t, kobo: projectedKoboAt(investments, new Date(t)) }));
  const projectedKobo = projectionValues.at(-1)!.kobo;
  const maxKobo = niceCeiling(Math.max(receivedKobo, projectedKobo));

  const { width, height } = size;
  const x = (t: number) => round(((t - from) / (to - from)) * width);
  const y = (kobo: number) => round(height - (kobo / maxKobo) * height);

  const received: TChartPoint[] = [{ x: 0, y: height }];
  let cumulative = 0;
  for (const p of paid) {
    received.push({ x: x(p.t), y: y(cumulative) });
    cumulative += p.kobo;
    received.push({ x: x(p.t), y: y(cumulative) });
  }
  received.push({ x: width, y: y(cumulative) });

  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    maxKobo,
    receivedKobo,
    projectedKobo,
    received,
    projection: projectionValues.map((p) => ({ x: x(p.t), y: y(p.kobo) })),
    width,
    height,
  };
}

/** Points as an SVG path: "M0 200 L120 200 L120 150". */
export const chartPath = (points: TChartPoint[]) => points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" ");
