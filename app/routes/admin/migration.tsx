import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/migration";
import { z } from "zod";
import { parseThen, refuse } from "@domain/errors/app-error";
import { MAX_CSV_UPLOAD_BYTES, MAX_CSV_UPLOAD_ROWS } from "@domain/files/csv-read";
import {
  MIGRATION_KIND_HINTS,
  MIGRATION_KIND_KEYS,
  MIGRATION_KINDS,
  MIGRATION_STATUSES,
  type TMigrationKind,
  type TMigrationStatus,
} from "@domain/migration/migration";
import { ZMigrationKind } from "@domain/migration/migration-input";
import { listMigrationRuns } from "@server/migration/get-migration-run";
import { uploadMigrationFile } from "@server/migration/upload-migration-file";
import { ErrorText, FormError } from "~/components/ui/field";
import { RadioCard } from "~/components/ui/radio-card";
import { CsvFileField, EarlierImports } from "~/components/staff/csv-import";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { readCsvUpload } from "~/http/csv-upload.server";
import { readFormData, textFields } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// The data migration (docs/product/data-migration.md): an old system's CSV export of one kind, read into a run whose
// columns the admin matches next. Earlier runs are listed with who ran them and when.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/migration", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const runs = await listMigrationRuns();
  return { runs: runs.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const form = await readFormData(request);
  const fields = textFields(form);
  const values = { kind: fields.kind ?? "" };
  const result = await parseThen(z.object({ kind: ZMigrationKind }), fields, ["kind"], async ({ kind }) => {
    const upload = await readCsvUpload(form, "file", `${kind}.csv`);
    if (!upload) return refuse("invalid_input", "Choose the CSV file exported from the old system", { field: "file" });
    if ("ok" in upload) return upload;
    return uploadMigrationFile(admin, { kind, ...upload });
  });
  if (!result.ok) return formRefusal(result, values);
  return redirect(`/admin/migration/${result.runId}`);
}

export default function DataMigration({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = formRefusalIn(actionData);
  const busy = useNavigation().state === "submitting";
  const error = refusal?.error;
  const chosen = refusal?.values.kind ?? "customers";
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Data migration</h1>
        <p className="mt-1 text-muted">
          Bring customers, products, orders and courses over from the old system&apos;s CSV exports. You match the columns and see a dry run
          of what would be created, updated or refused before anything is imported; running the same file again creates nothing twice.
          Import customers and products before the orders that name them.
        </p>
      </header>
      <Form method="post" encType="multipart/form-data" className={`${cardClass} space-y-5`} aria-label="Upload an export">
        <FormError message={error && !error.field ? error.message : null} />
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium">What the file holds</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {MIGRATION_KIND_KEYS.map((kind) => (
              <RadioCard
                key={kind}
                name="kind"
                value={kind}
                defaultChecked={chosen === kind}
                title={MIGRATION_KINDS[kind]}
                detail={MIGRATION_KIND_HINTS[kind]}
              />
            ))}
          </div>
          <ErrorText message={error?.field === "kind" ? error.message : null} />
        </fieldset>
        <CsvFileField
          error={error}
          hint={`Saved as CSV UTF-8, up to ${MAX_CSV_UPLOAD_BYTES / 1024 / 1024} MB and ${MAX_CSV_UPLOAD_ROWS.toLocaleString("en-NG")} rows, the first line naming the columns`}
        />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Reading the file…" : "Read the file"}
        </button>
      </Form>
      <EarlierImports
        titleId="runs-title"
        empty="Nothing brought over yet."
        testId="migration-runs"
        imports={loaderData.runs.map((r) => ({
          id: r.id,
          to: `/admin/migration/${r.id}`,
          fileName: r.fileName,
          kind: MIGRATION_KINDS[r.kind as TMigrationKind],
          status: MIGRATION_STATUSES[r.status as TMigrationStatus],
          figures: runFigures(r),
          byName: r.byName,
          createdAt: r.createdAt,
        }))}
      />
    </div>
  );
}

type TRunRow = Route.ComponentProps["loaderData"]["runs"][number];

/** What a run did, or what its dry run said it would do. */
function runFigures(r: TRunRow): string {
  if (r.status === "mapping") return "columns to match";
  if (r.status === "cancelled") return "nothing imported";
  if (r.status === "checked" && r.planned)
    return `would create ${r.planned.create}, update ${r.planned.update}, refuse ${r.planned.refuse}`;
  return `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${r.refused} refused`;
}
