import { Form, useNavigation } from "react-router";
import {
  mappingFieldName,
  MIGRATION_FIELDS,
  RECORD_ACTIONS,
  type TColumnMapping,
  type TMigrationKind,
  type TMigrationProgress,
  type TRecordAction,
} from "@domain/migration/migration";
import { FormError, SelectField } from "~/components/ui/field";
import { CountTile, ImportProgress, useLiveProgress } from "~/components/ui/progress";
import { StaffCard } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import type { TFormRefusal } from "~/lib/action-answer";

// The steps of one data migration run (docs/product/data-migration.md): match the columns (intent "check"), read the
// dry run and import (intent "start") or cancel (intent "cancel"), follow the import's live progress, and the lists
// of refused lines and changes.

/** A line of the file the run lists: refused, or what it would change. */
type TListedRecord = {
  position: number;
  lines: number[];
  key: string;
  value: string | null;
  note: string | null;
  reference: string | null;
};

/** One run as its page shows it. */
export type TMigrationRunView = TMigrationProgress & {
  id: number;
  kind: TMigrationKind;
  header: string[];
  sampleRow: string[];
  mapping: TColumnMapping;
  planned: Record<TRecordAction, number> | null;
  previewColumns: string[];
  preview: { lines: number[]; planned: TRecordAction; cells: string[] }[];
  refusedLines: TListedRecord[];
  changes: TListedRecord[];
};

export function MappingForm({ run, refusal }: { run: TMigrationRunView; refusal: TFormRefusal | null }) {
  const busy = useNavigation().state === "submitting";
  const columns = run.header.map((name, i) => {
    const sample = run.sampleRow[i];
    return [String(i), `${name || `Column ${i + 1}`}${sample ? ` (e.g. ${sample})` : ""}`] as const;
  });
  return (
    <Form method="post" className="space-y-4" aria-label="Match the columns">
      <input type="hidden" name="intent" value="check" />
      <FormError message={refusal?.error.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        {MIGRATION_FIELDS[run.kind].map((f) => {
          const name = mappingFieldName(f.key);
          const chosen =
            refusal?.values[name] ?? (run.mapping[f.key] === null || run.mapping[f.key] === undefined ? "" : String(run.mapping[f.key]));
          return (
            <SelectField
              key={f.key}
              label={f.required ? `${f.label} (required)` : f.label}
              name={name}
              defaultValue={chosen}
              hint={f.hint}
              placeholder="Not in the file"
              options={columns}
              required={f.required}
            />
          );
        })}
      </div>
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? "Checking every line…" : "Dry run"}
      </button>
    </Form>
  );
}

export function CancelButton() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="cancel" />
      <button type="submit" className={buttonClass.outline}>
        Cancel this import
      </button>
    </Form>
  );
}

export function DryRun({ run, refusal }: { run: TMigrationRunView; refusal: TFormRefusal | null }) {
  const planned = run.planned ?? { create: 0, update: 0, unchanged: 0, refuse: 0 };
  // What goes in by the dry run's account; the import asks again, so a refusal answered meanwhile goes in too.
  const going = planned.create + planned.update + planned.unchanged;
  return (
    <StaffCard titleId="dry-run-title" title="What the import would do">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <CountTile label="Would create" value={planned.create} tone="text-brand" />
        <CountTile label="Would update" value={planned.update} />
        <CountTile label="Unchanged" value={planned.unchanged} />
        <CountTile label="Refused" value={planned.refuse} tone={planned.refuse ? "text-danger" : ""} />
      </dl>
      <p className="text-sm text-muted">
        Nothing has been written yet. Unchanged means already here and the same. Refused lines are left out; correct them in the file and
        run it again later: what was imported is found, not doubled.
      </p>
      {run.preview.length ? (
        <StaffTable
          label="The first records as they would be stored"
          captionVisible
          framed={false}
          columns={[
            { header: "Line", className: "whitespace-nowrap", cell: (r) => r.lines.join(", ") },
            { header: "Outcome", className: "whitespace-nowrap", cell: (r) => RECORD_ACTIONS[r.planned].planned },
            ...run.previewColumns.map((c, i): TStaffColumn<TMigrationRunView["preview"][number]> => ({
              header: c,
              className: "break-words",
              cell: (r) => r.cells[i],
            })),
          ]}
          rows={run.preview}
          rowKey={(r) => r.lines[0]!}
          empty={null}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        {going > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className={buttonClass.primary}>
              Import {going.toLocaleString("en-NG")} record{going === 1 ? "" : "s"}
            </button>
          </Form>
        ) : null}
        <a href={`/admin/migration/${run.id}/report`} className={buttonClass.outline} download>
          Download the dry run (CSV)
        </a>
        <CancelButton />
      </div>
      <details className="rounded-xl border border-line p-4" open={!!refusal}>
        <summary className="cursor-pointer font-medium">Change the columns and run it again</summary>
        <div className="mt-4">
          <MappingForm run={run} refusal={refusal} />
        </div>
      </details>
    </StaffCard>
  );
}

export function Progress({ run }: { run: TMigrationRunView }) {
  const initial = {
    status: run.status,
    total: run.total,
    processed: run.processed,
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    refused: run.refused,
    percent: run.percent,
    error: run.error,
  };
  const p = useLiveProgress(`/admin/migration/${run.id}/progress`, initial, (x) => x.status !== "queued");
  return (
    <ImportProgress
      title={p.status === "done" ? "Imported" : p.status === "stopped" ? "Stopped" : "Importing…"}
      progress={p}
      unit="records"
      testId="migration-progress"
      tiles={[
        { label: "Created", value: p.created, tone: "text-brand" },
        { label: "Updated", value: p.updated },
        { label: "Unchanged", value: p.unchanged },
        { label: "Refused", value: p.refused, tone: p.refused ? "text-danger" : "" },
      ]}
      carryOn="Upload the same file again to carry on: what was imported is found, not doubled."
    >
      {p.status !== "queued" ? (
        <p>
          <a href={`/admin/migration/${run.id}/report`} className={buttonClass.outline} download>
            Download the report (CSV)
          </a>
        </p>
      ) : null}
    </ImportProgress>
  );
}

const LIST_TITLES: Partial<Record<TRecordAction, { title: string; testId: string }>> = {
  refuse: { title: "Refused lines", testId: "refused-lines" },
  update: { title: "What would change", testId: "changed-records" },
};

export function RecordList({ run, action }: { run: TMigrationRunView; action: "refuse" | "update" }) {
  const rows = action === "refuse" ? run.refusedLines : run.changes;
  if (rows.length === 0) return null;
  const { title, testId } = LIST_TITLES[action]!;
  const total = action === "refuse" ? (run.status === "checked" ? (run.planned?.refuse ?? 0) : run.refused) : (run.planned?.update ?? 0);
  return (
    <section className={`${cardClass} space-y-3`} aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className="text-lg font-semibold">
        {title} ({total.toLocaleString("en-NG")})
      </h2>
      <ul className="divide-y divide-line text-sm" data-testid={testId}>
        {rows.map((r) => (
          <li key={r.position} className="flex flex-wrap gap-x-3 py-1">
            <span className="font-medium">
              Line{r.lines.length > 1 ? "s" : ""} {r.lines.join(", ")}
            </span>
            <span className="break-all">{r.value || r.reference || r.key || "(empty)"}</span>
            <span className={action === "refuse" ? "text-danger" : ""}>{r.note}</span>
          </li>
        ))}
      </ul>
      {total > rows.length ? <p className="text-sm text-muted">The report lists them all.</p> : null}
    </section>
  );
}
