import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";

// Live progress of a long job (a campaign sending, a CRM import): a bar, count tiles, and polling until it is complete.

export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="h-4 w-full overflow-hidden rounded-full bg-surface-2"
    >
      <div className="h-full rounded-full bg-brand transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}

export function CountTile({ label, value, tone = "" }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-xl border border-line p-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className={`text-2xl font-bold ${tone}`} data-testid={`count-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        {value.toLocaleString("en-NG")}
      </dd>
    </div>
  );
}

/** An import that stopped on a batch the database refused (server/jobs/batch-import.ts): why, and how to carry on. */
export function ImportStoppedNotice({ error, carryOn }: { error: string | null; carryOn: string }) {
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      A batch could not be written ({error ?? "no reason given"}), so nothing of it was imported; the batches before it are in. {carryOn}
    </p>
  );
}

/**
 * Polls a progress resource every second until `isComplete` says so, then reloads the page's data once (the final
 * figures and anything listed with them).
 */
export function useLiveProgress<T>(url: string, initial: T, isComplete: (p: T) => boolean): T {
  const fetcher = useFetcher<T>();
  const revalidator = useRevalidator();
  const progress = (fetcher.data as T | undefined) ?? initial;
  const wasComplete = useRef(isComplete(initial));
  useEffect(() => {
    if (isComplete(progress)) {
      if (!wasComplete.current) void revalidator.revalidate();
      wasComplete.current = true;
      return;
    }
    const timer = setTimeout(() => fetcher.load(url), 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new poll after each answer
  }, [url, progress]);
  return progress;
}
