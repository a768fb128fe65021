/** A course's progress: the bar and, for screen readers, its value. */
export function ProgressBar({ pct, label }: { pct: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 rounded-full bg-surface-2"
    >
      <div className="h-2 rounded-full bg-brand" style={{ width: `${pct}%` }} />
    </div>
  );
}
