// A driver's own limits for a charge started from the site (docs/product/zavcharge.md#chargers): kept here from
// the RemoteStartTransaction until the charger's StartTransaction opens the session, at most a few minutes.
// Per process: the instance that sent the remote start is the one the charger is connected to.

type TLimits = { energyLimitWh: number | null; moneyLimitKobo: number | null };
const KEY = Symbol.for("zavolah.zavcharge.remote-start-limits");
type THolder = { [KEY]?: Map<string, TLimits & { until: number }> };
const HOLD_MS = 5 * 60_000;

function store() {
  const g = globalThis as THolder;
  return (g[KEY] ??= new Map());
}

const key = (chargerId: number, connectorId: number, idTag: string) => `${chargerId}:${connectorId}:${idTag.toUpperCase()}`;

export function holdRemoteStartLimits(chargerId: number, connectorId: number, idTag: string, limits: TLimits, now = Date.now()) {
  if (limits.energyLimitWh === null && limits.moneyLimitKobo === null) return;
  store().set(key(chargerId, connectorId, idTag), { ...limits, until: now + HOLD_MS });
}

export function takeRemoteStartLimits(chargerId: number, connectorId: number, idTag: string, now = Date.now()): TLimits {
  const k = key(chargerId, connectorId, idTag);
  const held = store().get(k);
  store().delete(k);
  for (const [other, v] of store()) if (v.until < now) store().delete(other);
  if (!held || held.until < now) return { energyLimitWh: null, moneyLimitKobo: null };
  return { energyLimitWh: held.energyLimitWh, moneyLimitKobo: held.moneyLimitKobo };
}
