import { BatteryCharging, Gauge, Plug, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { formatEnergy, type TLiveSession } from "@domain/zavcharge/sessions/session-rules";
import { FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { useLiveSession } from "./use-live-session";

export type TStartStation = {
  stationId: number;
  name: string;
  city: string;
  pricePerKwhKobo: number;
  slots: { number: number; connector: string; powerKw: number }[];
};

function LiveSessionCard({ live }: { live: TLiveSession }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError } = useActionToast(fetcher);
  const soc = live.socPercent;
  return (
    <section aria-labelledby="zc-live" className={`${cardClass} border-accent/50`} data-testid="live-session">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="zc-live" className="inline-flex items-center gap-2 text-lg font-bold">
          <BatteryCharging className="h-5 w-5 text-accent" aria-hidden /> Charging now
        </h2>
        <span className="text-sm text-muted">
          {live.stationName}, slot {live.slotNumber}
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" aria-live="polite">
        <div>
          <dt className="text-xs text-muted">Energy</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="live-energy">
            {formatEnergy(live.energyWh)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Cost so far</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="live-cost">
            {formatKobo(live.costKobo)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Battery</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="live-soc">
            {soc === null ? "—" : `${soc}%`}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Power</dt>
          <dd className="text-xl font-bold tabular-nums">{live.powerW === null ? "—" : `${(live.powerW / 1000).toFixed(1)} kW`}</dd>
        </div>
      </dl>
      {soc !== null ? (
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-label="Battery"
          aria-valuenow={soc}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${soc}%` }} />
        </div>
      ) : null}
      <p className="mt-3 text-xs text-muted">
        Started {formatLagosDateTime(live.startedAt)} at {formatKobo(live.pricePerKwhKobo)} per kWh. Charging stops by itself when your
        balance is used up.
      </p>
      <fetcher.Form method="post" className="mt-4">
        <JsFlag />
        <input type="hidden" name="intent" value="stop" />
        <input type="hidden" name="sessionId" value={live.sessionId} />
        <FormError message={formError} />
        <button type="submit" className={buttonClass.outline} disabled={busy}>
          {busy ? "Stopping..." : "Stop charging"}
        </button>
      </fetcher.Form>
    </section>
  );
}

function StartForm({ stations, onRequested }: { stations: TStartStation[]; onRequested: () => void }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError, answer } = useActionToast(fetcher);
  const [limitKind, setLimitKind] = useState("none");
  useEffect(() => {
    if (answer?.ok && fetcher.state === "idle") onRequested();
  }, [answer, fetcher.state, onRequested]);
  if (stations.length === 0)
    return (
      <section aria-labelledby="zc-start" className={cardClass}>
        <h2 id="zc-start" className="inline-flex items-center gap-2 text-lg font-bold">
          <Plug className="h-5 w-5 text-accent" aria-hidden /> Start charging
        </h2>
        <p className="mt-2 text-sm text-muted">
          No station can be started from here right now. Tap your card at the charger, or{" "}
          <Link to="/zavcharge" className="text-brand underline">
            find a station
          </Link>
          .
        </p>
      </section>
    );
  return (
    <section aria-labelledby="zc-start" className={cardClass}>
      <h2 id="zc-start" className="inline-flex items-center gap-2 text-lg font-bold">
        <Plug className="h-5 w-5 text-accent" aria-hidden /> Start charging
      </h2>
      <p className="mt-1 text-sm text-muted">Plug your car in, then choose where it is.</p>
      <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
        <JsFlag />
        <input type="hidden" name="intent" value="start" />
        <div className="sm:col-span-2">
          <label htmlFor="zc-place" className="text-sm font-medium">
            Station and slot
          </label>
          <select id="zc-place" name="place" className={`${inputClass} mt-1`} required aria-invalid={!!fieldError("place")}>
            {stations.map((s) => (
              <optgroup key={s.stationId} label={`${s.name}, ${s.city} · ${formatKobo(s.pricePerKwhKobo)}/kWh`}>
                {s.slots.map((slot) => (
                  <option key={slot.number} value={`${s.stationId}:${slot.number}`}>
                    {s.name}: slot {slot.number} · {slot.connector} · {slot.powerKw} kW
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {fieldError("place") ? <p className="mt-1 text-sm text-danger">{fieldError("place")}</p> : null}
        </div>
        <div>
          <label htmlFor="zc-limit-kind" className="text-sm font-medium">
            Stop after
          </label>
          <select
            id="zc-limit-kind"
            name="limitKind"
            className={`${inputClass} mt-1`}
            value={limitKind}
            onChange={(e) => setLimitKind(e.target.value)}
          >
            <option value="none">My balance is used up</option>
            <option value="energy">An amount of energy (kWh)</option>
            <option value="money">An amount of money (₦)</option>
          </select>
        </div>
        <div>
          <label htmlFor="zc-limit-value" className="text-sm font-medium">
            {limitKind === "money" ? "Naira to spend" : "kWh to charge"}
          </label>
          <input
            id="zc-limit-value"
            name="limitValue"
            inputMode="decimal"
            className={`${inputClass} mt-1`}
            disabled={limitKind === "none"}
            placeholder={limitKind === "money" ? "e.g. 5000" : limitKind === "energy" ? "e.g. 20" : "No limit"}
            aria-invalid={!!fieldError("limitValue")}
          />
          {fieldError("limitValue") ? <p className="mt-1 text-sm text-danger">{fieldError("limitValue")}</p> : null}
        </div>
        <div className="sm:col-span-2">
          <FormError message={formError} />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            <Zap className="h-4 w-4" aria-hidden /> {busy ? "Asking the charger..." : "Start charging"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** The dashboard's charging card: the running session live, or the form that starts one from the phone. */
export function ChargeNow({
  live: initial,
  stations,
  viaSiteAccount,
}: {
  live: TLiveSession | null;
  stations: TStartStation[];
  viaSiteAccount: boolean;
}) {
  const [awaitingStart, setAwaitingStart] = useState(false);
  const live = useLiveSession(initial, viaSiteAccount, awaitingStart);
  useEffect(() => {
    if (live) setAwaitingStart(false);
  }, [live]);
  // A charger that accepted but never started (the car was not plugged in): offer the form again.
  useEffect(() => {
    if (!awaitingStart) return;
    const timer = setTimeout(() => setAwaitingStart(false), 60_000);
    return () => clearTimeout(timer);
  }, [awaitingStart]);
  if (live) return <LiveSessionCard live={live} />;
  if (awaitingStart)
    return (
      <section className={cardClass} aria-live="polite">
        <p className="inline-flex items-center gap-2 font-semibold">
          <Gauge className="h-5 w-5 animate-pulse text-accent" aria-hidden /> Waiting for the charger to start...
        </p>
        <p className="mt-1 text-sm text-muted">This takes a few seconds once the car is plugged in.</p>
      </section>
    );
  return <StartForm stations={stations} onRequested={() => setAwaitingStart(true)} />;
}
