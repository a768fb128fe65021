import type { ReactNode } from "react";

/** The shared layout of the legal pages: a title, the date it took effect, and readable sections. */
export function LegalPage({ title, effective, children }: { title: string; effective: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_li]:mt-1 [&_p]:mt-3 [&_p]:text-muted [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:text-muted">
      <h1 className="text-4xl font-bold">{title}</h1>
      <p>Effective {effective}</p>
      {children}
    </article>
  );
}
