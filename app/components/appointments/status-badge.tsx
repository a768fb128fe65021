import { STATUS_LABELS, type TAppointmentStatus } from "@domain/appointments/appointments";

// Text colour carries the meaning only together with the word, so the badge reads in both themes.
const TONE: Record<TAppointmentStatus, string> = {
  requested: "border-accent/60 text-accent",
  confirmed: "border-brand/60 text-brand",
  completed: "border-line text-muted",
  cancelled: "border-danger/60 text-danger",
};

export function StatusBadge({ status }: { status: string }) {
  const s = status as TAppointmentStatus;
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[s] ?? TONE.completed}`}
      data-testid="status-badge"
    >
      {STATUS_LABELS[s] ?? status}
    </span>
  );
}
