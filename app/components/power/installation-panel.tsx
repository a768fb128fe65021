import { formatKwh, formatPct } from "@domain/power/power";
import type { TInstallationPanel } from "@domain/power/views";
import { cardClass } from "~/components/ui/styles";
import { EnergyBars, SocCurve } from "./energy-charts";
import { PowerFlow } from "./power-flow";
import { newest, useLivePower } from "./use-live-power";

/** One installation's live flow, energy and battery (the admin page and the customer's dashboard share it). */
export function InstallationPanel({ detail, headingLevel = 2 }: { detail: TInstallationPanel; headingLevel?: 2 | 3 }) {
  const { live } = useLivePower();
  const flow = newest(detail.live, live.get(detail.id));
  const H = headingLevel === 2 ? "h2" : "h3";
  const today = detail.today;
  return (
    <div className="space-y-4" data-testid={`installation-${detail.id}`}>
      <section className={`${cardClass} space-y-3`} aria-label={`${detail.siteName}: power now`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <H className="text-xl font-semibold">Power now</H>
          <p className={`text-sm font-medium ${detail.online ? "text-brand" : "text-danger"}`}>{detail.online ? "Online" : "Silent"}</p>
        </div>
        <PowerFlow live={flow} />
      </section>
      <section className={`${cardClass} space-y-3`} aria-label={`${detail.siteName}: energy`}>
        <H className="text-xl font-semibold">Energy</H>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted">Solar today</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="today-pv">
              {formatKwh(today.pvWh)}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Used today</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatKwh(today.loadWh)}</dd>
          </div>
          <div>
            <dt className="text-muted">Self-sufficiency today</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="self-sufficiency">
              {formatPct(detail.todaySelfSufficiency)}
            </dd>
          </div>
          <div>
            <dt className="text-muted">This month</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatPct(detail.monthSelfSufficiency)}</dd>
          </div>
        </dl>
        <p className="text-xs text-muted">Self-sufficiency: the share of the load not supplied by the grid or the generator.</p>
        <EnergyBars energy={detail.energy} />
      </section>
      {detail.batteryKwh > 0 ? (
        <section className={`${cardClass} space-y-3`} aria-label={`${detail.siteName}: battery`}>
          <H className="text-xl font-semibold">Battery charge</H>
          <SocCurve series={detail.soc} />
        </section>
      ) : null}
    </div>
  );
}
