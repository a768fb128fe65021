import type { ReactNode } from "react";

/** A status in a pill: the word carries the meaning, the tone (border and text colour) only groups. */
export function StatusPill({ tone, testId, children }: { tone: string; testId: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
