import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { POWER_READING_EVENT } from "@domain/power/power";
import type { TLiveFlow } from "@domain/power/views";
import type { TLinkStatus } from "~/lib/realtime";
import { useRealtime } from "~/lib/use-realtime";

const REFRESH_MS = 60_000;

/**
 * Live figures of installations over the signed-in /ws socket (docs/product/power-tracking.md#live-view): the server
 * sends each new reading to the admins and the installation's customer only. After a reconnect or a resync the page's
 * data is loaded again, so nothing missed stays on screen. While readings arrive the page's data is loaded again at
 * most once a minute, so today's energy and bars grow too.
 */
export function useLivePower(): { live: Map<number, TLiveFlow>; link: TLinkStatus | "idle" } {
  const [live, setLive] = useState(() => new Map<number, TLiveFlow>());
  const revalidator = useRevalidator();
  const refreshedAt = useRef(Date.now());
  const { status } = useRealtime({
    socket: "user",
    on: {
      [POWER_READING_EVENT]: (payload) => {
        const p = payload as Record<string, unknown> | undefined;
        if (!p || typeof p.installationId !== "number" || typeof p.at !== "string") return;
        const num = (v: unknown) => (typeof v === "number" ? v : null);
        const next: TLiveFlow = {
          at: p.at,
          pvW: num(p.pvW),
          loadW: num(p.loadW),
          gridW: num(p.gridW),
          batteryW: num(p.batteryW),
          generatorW: num(p.generatorW),
          socPct: num(p.socPct),
          gridAvailable: p.grid === "available",
          generatorRunning: p.generator === "running",
        };
        setLive((current) => new Map(current).set(p.installationId as number, next));
        if (Date.now() - refreshedAt.current > REFRESH_MS) {
          refreshedAt.current = Date.now();
          void revalidator.revalidate();
        }
      },
    },
  });
  return { live, link: status };
}

/** The newer of the page's figures and the live ones. */
export function newest(loaded: TLiveFlow, pushed: TLiveFlow | undefined): TLiveFlow {
  if (!pushed?.at) return loaded;
  if (!loaded.at || pushed.at > loaded.at) return pushed;
  return loaded;
}
