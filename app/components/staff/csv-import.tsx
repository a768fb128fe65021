import { Link } from "react-router";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { Field } from "~/components/ui/field";
import { StaffSection } from "~/components/ui/staff-page";

// The pieces of the pages that import a CSV file (customers, the data migration).

/** The CSV file to read: what such a file may be, and why it was refused. */
export function CsvFileField({ error, hint }: { error: { field?: string; message: string } | null | undefined; hint: string }) {
  return (
    <Field
      label="CSV file"
      name="file"
      type="file"
      accept=".csv,text/csv,text/plain"
      error={error?.field === "file" ? error.message : undefined}
      hint={hint}
    />
  );
}

export type TEarlierImport = {
  id: number;
  /** The import's own page. */
  to: string;
  fileName: string;
  /** What the file held, when the page imports more than one kind. */
  kind?: string;
  status: string;
  /** What it did: rows created, updated, refused. */
  figures: string;
  byName: string | null;
  createdAt: string | Date;
};

/** The files already read: each one, where it stands, who and when. */
export function EarlierImports({
  titleId,
  imports,
  empty,
  testId,
}: {
  titleId: string;
  imports: readonly TEarlierImport[];
  empty: string;
  testId?: string;
}) {
  return (
    <StaffSection titleId={titleId} title="Earlier imports" className="space-y-3">
      {imports.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid={testId}>
          {imports.map((i) => {
            const file = (
              <Link to={i.to} className="font-medium break-all text-brand underline">
                {i.fileName}
              </Link>
            );
            return (
              <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-2 p-4">
                {i.kind ? (
                  <span>
                    <span className="text-sm font-semibold text-muted">{i.kind}</span> {file}
                  </span>
                ) : (
                  file
                )}
                <span className="text-sm text-muted">
                  {i.status} · {i.figures} · {i.byName ?? "Someone"}, {formatLagosDateTime(i.createdAt)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </StaffSection>
  );
}
