import { BatteryCharging, Fuel, Plug, Sun, UtilityPole } from "lucide-react";
import type { ReactNode } from "react";
import { formatWatts } from "@domain/power/power";
import type { TLiveFlow } from "@domain/power/views";
import { formatLagosTimestamp } from "@domain/time/lagos-time";

function Tile({ icon, label, value, detail, testId }: { icon: ReactNode; label: string; value: string; detail: string; testId: string }) {
  return (
    <li className="rounded-xl border border-line p-3">
      <p className="flex items-center gap-2 text-sm text-muted">
        {icon} {label}
      </p>
      <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="text-xs text-muted">{detail}</p>
    </li>
  );
}

const w = (v: number | null) => (v === null ? "–" : formatWatts(v));

/** The live power flow (docs/product/power-tracking.md#live-view): where the power comes from and goes, now. */
export function PowerFlow({ live }: { live: TLiveFlow }) {
  const battery = live.batteryW ?? 0;
  const grid = live.gridW ?? 0;
  return (
    <div className="space-y-2">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Power now">
        <Tile icon={<Sun className="h-4 w-4" aria-hidden />} label="Solar" value={w(live.pvW)} detail="from the panels" testId="live-pv" />
        <Tile
          icon={<BatteryCharging className="h-4 w-4" aria-hidden />}
          label="Battery"
          value={live.socPct === null ? "–" : `${Math.round(live.socPct)}%`}
          detail={battery > 0 ? `charging ${formatWatts(battery)}` : battery < 0 ? `supplying ${formatWatts(-battery)}` : "idle"}
          testId="live-soc"
        />
        <Tile
          icon={<UtilityPole className="h-4 w-4" aria-hidden />}
          label="Grid"
          value={live.gridAvailable === false ? "Outage" : w(grid)}
          detail={live.gridAvailable === false ? "no supply" : grid < 0 ? "exporting" : "importing"}
          testId="live-grid"
        />
        <Tile
          icon={<Fuel className="h-4 w-4" aria-hidden />}
          label="Generator"
          value={live.generatorRunning ? w(live.generatorW) : "Off"}
          detail={live.generatorRunning ? "running" : "standing by"}
          testId="live-generator"
        />
        <Tile icon={<Plug className="h-4 w-4" aria-hidden />} label="Load" value={w(live.loadW)} detail="being used" testId="live-load" />
      </ul>
      <p className="text-xs text-muted" data-testid="live-at">
        {live.at ? `Reading of ${formatLagosTimestamp(live.at)}` : "No reading yet"}
      </p>
    </div>
  );
}
