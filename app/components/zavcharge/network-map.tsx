import { useEffect, useRef, useState } from "react";
import { STATION_STATUS_LABELS, type TStationStatus } from "@domain/zavcharge/network/network-rules";

// The network map (docs/product/zavcharge.md#stations-and-slots). Leaflet and its CSS are fetched in the browser
// only, after the page is up (a dynamic import in an effect): never in the server render or the first-load
// JavaScript. Without a tile source, or when the tiles do not load, the map says so; the list works either way.

export type TMapStation = {
  id: number;
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  status: TStationStatus;
  availableSlots: number;
  totalSlots: number;
};

const COLOURS: Record<TStationStatus, string> = { online: "#16a34a", maintenance: "#d97706", offline: "#dc2626" };
/** Tiles that failed before any loaded: past this, the map is given up for this visit. */
const MAX_TILE_ERRORS = 4;

export function NetworkMap({ stations, tiles }: { stations: TMapStation[]; tiles: { url: string; attribution: string } | null }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const key = stations.map((s) => `${s.id}:${s.status}:${s.availableSlots}`).join(",");
  const shown = useRef(stations);
  shown.current = stations;
  const tilesUrl = tiles?.url ?? null;
  const attribution = tiles?.attribution ?? "";

  // Redrawn when the stations shown or their live state change (key).
  useEffect(() => {
    if (!tilesUrl || !box.current || !key.length) return;
    const stations = shown.current;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")])
      .then(([mod]) => {
        if (cancelled || !box.current) return;
        const L = mod.default;
        const map = L.map(box.current, { scrollWheelZoom: false, attributionControl: true });
        let loaded = 0;
        let errors = 0;
        const layer = L.tileLayer(tilesUrl, { attribution, maxZoom: 18 });
        layer.on("tileload", () => loaded++);
        layer.on("tileerror", () => {
          if (++errors >= MAX_TILE_ERRORS && loaded === 0) setState("failed");
        });
        layer.addTo(map);
        const points = stations.map((s) => {
          const marker = L.circleMarker([s.latitude, s.longitude], {
            radius: 9,
            color: "#fff",
            weight: 2,
            fillColor: COLOURS[s.status],
            fillOpacity: 0.95,
          });
          const popup = document.createElement("div");
          const link = document.createElement("a");
          link.href = `/zavcharge/stations/${s.slug}`;
          link.textContent = s.name;
          const line = document.createElement("p");
          line.textContent = `${STATION_STATUS_LABELS[s.status]}: ${s.availableSlots} of ${s.totalSlots} slots available`;
          popup.append(link, line);
          marker.bindPopup(popup).addTo(map);
          return L.latLng(s.latitude, s.longitude);
        });
        if (points.length) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 13 });
        else map.setView([9.06, 7.49], 5); // Nigeria
        setState("ready");
        destroy = () => map.remove();
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [tilesUrl, attribution, key]);

  if (!tiles)
    return (
      <p className="rounded-2xl border border-dashed border-line bg-surface p-4 text-sm text-muted" data-testid="map-unavailable">
        The map is not available right now. Every station is listed below, each with a directions link.
      </p>
    );
  return (
    <div className="relative">
      <div
        ref={box}
        className="h-72 w-full overflow-hidden rounded-2xl border border-line bg-surface-2 sm:h-96"
        role="region"
        aria-label="Map of ZavCharge stations"
        data-testid="network-map"
        data-state={state}
      />
      {state === "failed" ? (
        <p
          className="absolute inset-0 flex items-center justify-center rounded-2xl bg-surface/90 p-4 text-center text-sm text-muted"
          role="status"
        >
          The map could not load. Every station is listed below, each with a directions link.
        </p>
      ) : null}
    </div>
  );
}
