import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { cardClass } from "./styles";

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

type TCount = { label: string; value: number; tone?: string };

export function CountTile({ label, value, tone = "" }: TCount) {
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

/** How far a batched import (server/jobs/batch-import.ts) has come, as its progress resource reports it. */
export type TImportProgress = { status: string; processed: number; total: number; percent: number; error: string | null };

/**
 * A batched import under way or done (a CRM import, the data migration): where it stands, the bar and the lines read,
 * what it did as count tiles, why it stopped and how to carry on, and what follows it (the report).
 */
export function ImportProgress({
  title,
  progress: p,
  unit,
  testId,
  tiles,
  carryOn,
  children,
}: {
  title: string;
  progress: TImportProgress;
  /** What the file's lines are: "records", "rows". */
  unit: string;
  testId: string;
  /** What it did: three or four counts, in one row on a wide screen. */
  tiles: readonly TCount[];
  carryOn: string;
  children?: ReactNode;
}) {
  return (
    <section className={`${cardClass} space-y-4`} aria-labelledby="progress-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progress-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted" aria-live="polite" data-testid={testId}>
          {p.processed.toLocaleString("en-NG")} of {p.total.toLocaleString("en-NG")} {unit} ({p.percent}%)
        </p>
      </div>
      <ProgressBar label="Import progress" percent={p.percent} />
      <dl className={`grid grid-cols-2 gap-3 ${tiles.length === 3 ? "sm:grid-cols-3" : "sm:grid-cols-4"}`}>
        {tiles.map((t) => (
          <CountTile key={t.label} {...t} />
        ))}
      </dl>
      {p.status === "stopped" ? <ImportStoppedNotice error={p.error} carryOn={carryOn} /> : null}
      {children}
    </section>
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
