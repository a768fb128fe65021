import { useState } from "react";
import { STATION_EVENT_TYPE, type TStationStatus } from "@domain/zavcharge/network/network-rules";
import type { TLinkStatus } from "~/lib/realtime";
import { useRealtime } from "~/lib/use-realtime";

export type TLiveAvailability = { status: TStationStatus; availableSlots: number; totalSlots: number };

function isStatus(s: unknown): s is TStationStatus {
  return s === "online" || s === "offline" || s === "maintenance";
}

/**
 * Live station availability over the public socket (docs/product/zavcharge.md#stations-and-slots): the counts
 * the server pushes after a session, a slot or a station changes, by station id. After a reconnect the page's
 * data is fetched again, so nothing missed while the link was down stays on screen.
 */
export function useLiveAvailability(): { live: Map<number, TLiveAvailability>; link: TLinkStatus | "idle" } {
  const [live, setLive] = useState(() => new Map<number, TLiveAvailability>());
  const { status } = useRealtime({
    socket: "public",
    on: {
      [STATION_EVENT_TYPE]: (payload) => {
        const p = payload as Record<string, unknown> | undefined;
        if (!p || typeof p.stationId !== "number" || typeof p.availableSlots !== "number" || typeof p.totalSlots !== "number") return;
        if (!isStatus(p.status)) return;
        const next: TLiveAvailability = { status: p.status, availableSlots: p.availableSlots, totalSlots: p.totalSlots };
        setLive((current) => new Map(current).set(p.stationId as number, next));
      },
    },
  });
  return { live, link: status };
}
