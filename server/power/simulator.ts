import { inArray } from "drizzle-orm";
import { simulateStep, type TSimState } from "@domain/power/simulate";
import type { TPowerReadingInput } from "@domain/power/reading-input";
import { getDb } from "../db/client";
import { log } from "../log";
import { DEMO_INSTALLATIONS, type TDemoInstallation } from "./demo-installations";
import { hashIngestKey } from "./ingest-key";
import { powerInstallations } from "./schema";

// The demo fleet's gateways (docs/product/power-tracking.md#simulator): every few seconds each simulated demo site sends
// a reading over the real ingest path, POST /api/power/installations/:id/readings with its key, as a gateway on site
// would. Its meters carry on from the last reading the server holds. Runs in demo mode only (POWER_SIMULATOR).

type TSimulated = { demo: TDemoInstallation; id: number; state: TSimState; lastAt: number };

export type TSimulatorOptions = { baseUrl: string; intervalMs: number };

/** Starts the simulator; returns its stop function. */
export async function startPowerSimulator(options: TSimulatorOptions): Promise<() => void> {
  const demos = DEMO_INSTALLATIONS.filter((d) => d.simulated);
  const rows = await getDb()
    .select()
    .from(powerInstallations)
    .where(
      inArray(
        powerInstallations.ingestKeyHash,
        demos.map((d) => hashIngestKey(d.key)),
      ),
    );
  const sites: TSimulated[] = [];
  for (const demo of demos) {
    const row = rows.find((r) => r.ingestKeyHash === hashIngestKey(demo.key));
    if (!row) continue;
    sites.push({
      demo,
      id: row.id,
      lastAt: row.lastReadingAt?.getTime() ?? Date.now() - options.intervalMs,
      state: {
        socPct: row.socPct ?? 60,
        counters: {
          pvWh: row.lastPvWh ?? 0,
          loadWh: row.lastLoadWh ?? 0,
          gridImportWh: row.lastGridImportWh ?? 0,
          generatorWh: row.lastGeneratorWh ?? 0,
        },
      },
    });
  }
  let busy = false;
  let warned = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const site of sites) {
        const now = Date.now();
        // After a pause (the server was stopped), the first step covers at most 15 minutes.
        const dt = Math.min(900, Math.max(1, (now - site.lastAt) / 1000));
        const s = simulateStep(site.demo.sim, site.state, new Date(now), dt, site.demo.siteName, (Math.random() - 0.5) * 60);
        const reading: TPowerReadingInput = {
          timestamp: s.at.toISOString(),
          power: { pvW: s.pvW, loadW: s.loadW, gridW: s.gridW, batteryW: s.batteryW, generatorW: s.generatorW },
          counters: s.counters,
          socPct: s.socPct,
          grid: s.gridAvailable ? "available" : "outage",
          generator: s.generatorRunning ? "running" : "off",
          alarms:
            site.demo.sim.health < 1
              ? [
                  {
                    code: "PV_LOW_YIELD",
                    severity: "warning",
                    message: "String 2 is producing well under string 1: check for dust or shade.",
                  },
                ]
              : [],
        };
        const res = await fetch(`${options.baseUrl}/api/power/installations/${site.id}/readings`, {
          method: "POST",
          headers: { authorization: `Bearer ${site.demo.key}`, "content-type": "application/json" },
          body: JSON.stringify(reading),
        });
        site.lastAt = now;
        if (!res.ok && !warned) {
          warned = true;
          log.warn({ status: res.status, body: (await res.text()).slice(0, 300) }, "power simulator: a reading was refused");
        }
      }
    } catch (err) {
      if (!warned) log.warn({ err }, "power simulator: could not send a reading");
      warned = true;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  if (sites.length) log.info({ sites: sites.length, everyMs: options.intervalMs }, "power simulator: sending demo readings");
  return () => clearInterval(timer);
}
