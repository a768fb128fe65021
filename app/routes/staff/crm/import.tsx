import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/import";
import { refuse } from "@domain/errors/app-error";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { parseAddressId } from "@domain/http/outside-text";
import { getCrmImport } from "@server/crm/get-crm-import";
import { cancelCrmImport, startCrmImport } from "@server/crm/start-crm-import";
import { CountTile, ImportProgress, useLiveProgress } from "~/components/ui/progress";
import { BackLink, StaffCard } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

// One import (docs/product/crm.md#import): its preview, then live progress, then the report.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/crm/imports/:id", args);

const idOf = (raw: string) => parseAddressId(raw) ?? 0;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const found = await getCrmImport(idOf(params.id));
  if (!found) throw data("No such import", { status: 404 });
  return { ...found, createdAt: found.createdAt.toISOString(), finishedAt: found.finishedAt?.toISOString() ?? null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const id = idOf(params.id);
  if (fields.intent === "cancel") {
    const result = await cancelCrmImport(staff, id);
    if (result.ok) return redirect("/staff/crm/imports");
    return actionResponse(request, fields, result, { done: () => "", failedTitle: "Not cancelled" });
  }
  const result = fields.intent === "start" ? await startCrmImport(staff, id) : refuse("invalid_input", "Unknown action");
  return actionResponse(request, fields, result, {
    done: () => "Import started",
    failedTitle: "Not started",
    back: `/staff/crm/imports/${id}`,
  });
}

type TImport = Route.ComponentProps["loaderData"];

export default function CrmImport({ loaderData }: Route.ComponentProps) {
  const i = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/crm/imports">Import customers</BackLink>
        <h1 className="mt-1 text-3xl font-bold break-all">{i.fileName}</h1>
        <p className="mt-1 text-muted">
          Checked {formatLagosDateTime(i.createdAt)} by {i.byName ?? "someone"}
          {i.tags.length ? ` · tags for everyone: ${i.tags.join(", ")}` : ""}
          {i.consent ? " · agreed to marketing" : ""}
        </p>
      </header>
      {i.status === "ready" ? <Preview i={i} /> : <Progress i={i} />}
      <Refused i={i} />
    </div>
  );
}

const PREVIEW_COLUMNS: TStaffColumn<TImport["preview"][number]>[] = [
  { header: "E-mail", className: "break-all", cell: (r) => r.email },
  { header: "Name", cell: (r) => r.name ?? "—" },
  { header: "Phone", className: "whitespace-nowrap", cell: (r) => r.phone ?? "—" },
  { header: "Tags", cell: (r) => r.tags.join(", ") || "—" },
];

function Preview({ i }: { i: TImport }) {
  const existing = i.existing ?? 0;
  return (
    <StaffCard titleId="preview-title" title="What this import would do">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <CountTile label="New records" value={i.total - existing} tone="text-brand" />
        <CountTile label="Merged into existing" value={existing} />
        <CountTile label="Refused" value={i.failed} tone={i.failed ? "text-danger" : ""} />
        <CountTile label="Twice in the file" value={i.duplicatesInFile} />
      </dl>
      <p className="text-sm text-muted">
        Existing records keep their name and phone; an empty one is filled from the file. Twice in the file means one person on two rows:
        they become one record.
      </p>
      {i.preview.length ? (
        <StaffTable
          label="The first rows as they would be imported"
          framed={false}
          columns={PREVIEW_COLUMNS}
          rows={i.preview}
          rowKey={(r) => r.email}
          empty={null}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        {i.total > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className={buttonClass.primary}>
              Import {i.total.toLocaleString("en-NG")} record{i.total === 1 ? "" : "s"}
            </button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={buttonClass.outline}>
            Cancel
          </button>
        </Form>
      </div>
    </StaffCard>
  );
}

function Progress({ i }: { i: TImport }) {
  const initial = {
    status: i.status,
    total: i.total,
    processed: i.processed,
    created: i.created,
    merged: i.merged,
    failed: i.failed,
    percent: i.percent,
    error: i.error,
  };
  const p = useLiveProgress(`/staff/crm/imports/${i.id}/progress`, initial, (x) => x.status !== "queued");
  const done = p.status === "done";
  return (
    <ImportProgress
      title={
        p.status === "cancelled" ? "Cancelled: nothing was imported" : done ? "Imported" : p.status === "stopped" ? "Stopped" : "Importing…"
      }
      progress={p}
      unit="rows"
      testId="import-progress"
      tiles={[
        { label: "New records", value: p.created, tone: "text-brand" },
        { label: "Merged into existing", value: p.merged },
        { label: "Refused", value: p.failed, tone: p.failed ? "text-danger" : "" },
      ]}
      carryOn="Import the same list again to carry on: people already imported are merged, not doubled."
    >
      {done ? (
        <p className="flex flex-wrap gap-3">
          <a href={`/staff/crm/imports/${i.id}/report`} className={buttonClass.outline} download>
            Download the report
          </a>
          {i.tags[0] ? (
            <Link to={`/staff/crm?tag=${i.tags[0]}`} className={buttonClass.outline}>
              See the records tagged {i.tags[0]}
            </Link>
          ) : null}
        </p>
      ) : null}
    </ImportProgress>
  );
}

function Refused({ i }: { i: TImport }) {
  if (i.failed === 0) return null;
  const shown = i.errors.slice(0, 50);
  return (
    <section className={`${cardClass} space-y-3`} aria-labelledby="refused-title">
      <h2 id="refused-title" className="text-lg font-semibold">
        Refused rows ({i.failed.toLocaleString("en-NG")})
      </h2>
      <p className="text-sm text-muted">
        These rows are not imported. Correct them in the file and import it again: people already imported are merged, not doubled.
      </p>
      <ul className="divide-y divide-line text-sm" data-testid="refused-rows">
        {shown.map((e) => (
          <li key={e.line} className="flex flex-wrap gap-x-3 py-1">
            <span className="font-medium">Line {e.line}</span>
            <span className="break-all">{e.value || "(empty)"}</span>
            <span className="text-danger">{e.reason}</span>
          </li>
        ))}
      </ul>
      {i.failed > shown.length ? <p className="text-sm text-muted">The report lists them all.</p> : null}
    </section>
  );
}
