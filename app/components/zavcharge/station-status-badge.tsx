import { STATION_STATUS_LABELS, type TStationStatus } from "@domain/zavcharge/network/network-rules";

const BADGE: Record<TStationStatus, string> = {
  online: "bg-brand/15 text-brand-strong",
  maintenance: "bg-accent/15 text-fg",
  offline: "bg-danger/10 text-danger",
};

export function StationStatusBadge({ status }: { status: TStationStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[status]}`} data-testid="station-status">
      {STATION_STATUS_LABELS[status]}
    </span>
  );
}
