import { data } from "react-router";
import type { Route } from "./+types/migration-run";
import { MIGRATION_KINDS, MIGRATION_STATUSES } from "@domain/migration/migration";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { parseAddressId } from "@domain/http/outside-text";
import { getMigrationRun } from "@server/migration/get-migration-run";
import { CancelButton, DryRun, MappingForm, Progress, RecordList } from "~/components/admin/migration-run-steps";
import { BackLink, StaffCard } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { answerPageIntent } from "~/http/page-intents.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { MIGRATION_RUN_INTENTS, answerStart } from "./migration-run-actions.server";

// One run of the data migration (docs/product/data-migration.md): match the columns, read the dry run, import with a live
// progress bar, download the report.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/migration/:id", args);

const idOf = (raw: string) => parseAddressId(raw) ?? 0;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const run = await getMigrationRun(idOf(params.id));
  if (!run) throw data("No such import", { status: 404 });
  return {
    ...run,
    createdAt: run.createdAt.toISOString(),
    checkedAt: run.checkedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const id = idOf(params.id);
  return answerPageIntent(MIGRATION_RUN_INTENTS, fields, { request, admin, id }, (refusal) => answerStart(request, fields, id, refusal));
}

export default function MigrationRun({ loaderData, actionData }: Route.ComponentProps) {
  const run = loaderData;
  const refusal = formRefusalIn(actionData);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/migration">Data migration</BackLink>
        <h1 className="mt-1 text-3xl font-bold break-all">{run.fileName}</h1>
        <p className="mt-1 text-muted">
          {MIGRATION_KINDS[run.kind]} · {MIGRATION_STATUSES[run.status]} · uploaded {formatLagosDateTime(run.createdAt)} by{" "}
          {run.byName ?? "someone"}
        </p>
      </header>
      {run.status === "mapping" ? (
        <StaffCard titleId="mapping-title" title="Match the columns">
          <p className="text-sm text-muted">
            We guessed from the column names. Check each one; nothing is imported until you have seen the dry run.
          </p>
          <MappingForm run={run} refusal={refusal} />
          <CancelButton />
        </StaffCard>
      ) : null}
      {run.status === "checked" ? <DryRun run={run} refusal={refusal} /> : null}
      {run.status === "queued" || run.status === "done" || run.status === "stopped" ? <Progress run={run} /> : null}
      {run.status === "cancelled" ? <p className={cardClass}>Cancelled: nothing of this file was imported.</p> : null}
      <RecordList run={run} action="refuse" />
      {run.status === "checked" ? <RecordList run={run} action="update" /> : null}
    </div>
  );
}
