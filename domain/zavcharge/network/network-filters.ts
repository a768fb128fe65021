import { CONNECTOR_TYPES, STATION_STATUSES, type TNetworkFilters, type TStationStatus } from "./network-rules";

// The network page's filters read from its address (docs/product/zavcharge.md#stations-and-slots): values we do
// not know fall back to "all", so a mistyped link still shows the network. No zod: plain checks.

export function parseNetworkFilters(params: URLSearchParams): TNetworkFilters {
  const city = (params.get("city") ?? "").trim().slice(0, 60);
  const status = params.get("status") ?? "";
  const connector = params.get("connector") ?? "";
  const feature = (params.get("feature") ?? "").trim().slice(0, 40);
  return {
    city: city || undefined,
    status: (STATION_STATUSES as readonly string[]).includes(status) ? (status as TStationStatus) : undefined,
    connector: (CONNECTOR_TYPES as readonly string[]).includes(connector) ? connector : undefined,
    feature: feature || undefined,
  };
}
