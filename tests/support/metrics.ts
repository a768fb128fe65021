import { metricsRegistry } from "../../server/metrics/registry";

/** A series' value on /metrics now, e.g. `chargers_connected{protocol="ocpp"}` (0 before its first count). */
export async function metricValue(series: string): Promise<number> {
  const line = (await metricsRegistry().metrics()).split("\n").find((l) => l.startsWith(series + " "));
  return Number(line?.split(" ")[1] ?? 0);
}
