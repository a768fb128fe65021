import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/backups";
import { formatFileSize } from "@domain/files/file-size";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { ProgressBar, useLiveProgress } from "~/components/ui/progress";
import { StaffCard } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { actionResponse } from "~/http/action-response.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { backUpNowAsAdmin } from "@server/backups/back-up-now";
import { mayDownloadBackups, NEEDS_RECENT_SECOND_FACTOR } from "@server/backups/download-backup";
import { getBackupsOverview } from "@server/backups/get-backups-overview";

// The admin's backups page (docs/operations.md#backups): when the last good backup was made and where it is, what the
// rotation keeps, "Back up now" with its progress, and every recent failure with its reason.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/backups", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const [overview, canDownload] = await Promise.all([getBackupsOverview(), mayDownloadBackups(request)]);
  return { ...overview, downloadNote: canDownload ? null : NEEDS_RECENT_SECOND_FACTOR };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await backUpNowAsAdmin(admin);
  return actionResponse(request, fields, result, {
    done: () => ({
      type: "success",
      title: "Backup started",
      description: "It runs in the background; this page shows how far it has got.",
    }),
    failedTitle: "Not started",
    back: "/admin/backups",
  });
}

type TOverview = Route.ComponentProps["loaderData"];
type TBackup = TOverview["kept"][number];

const when = (d: Date | string) => formatLagosDateTime(d);
const took = (ms: number | null) => (ms === null ? "" : ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`);
const madeBy = (b: TBackup) =>
  b.trigger === "schedule" ? "Daily schedule" : b.trigger === "command" ? "Command line" : (b.requestedBy ?? "An admin");

function LastGood({ data }: { data: TOverview }) {
  const last = data.lastGood;
  return (
    <StaffCard titleId="last-good-title" title="Last good backup">
      {last?.finishedAt ? (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="last-good-backup">
          <div>
            <dt className="text-muted">Finished</dt>
            <dd className="font-semibold">
              <time dateTime={new Date(last.finishedAt).toISOString()}>{when(last.finishedAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-muted">Size</dt>
            <dd className="font-semibold">{formatFileSize(last.bytes ?? 0)}</dd>
          </div>
          <div>
            <dt className="text-muted">Took</dt>
            <dd className="font-semibold">{took(last.durationMs)}</dd>
          </div>
          <div>
            <dt className="text-muted">Made by</dt>
            <dd className="font-semibold">{madeBy(last)}</dd>
          </div>
        </dl>
      ) : (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted" data-testid="last-good-backup">
          No backup has been made yet. The first runs at the next scheduled hour, or back up now.
        </p>
      )}
      {data.stale ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          The last good backup is more than a day old: orders, payments and uploads since then are in no backup. See the failures below,
          then back up now.
        </p>
      ) : null}
      <p className="text-sm" data-testid="backups-where">
        <span className="font-semibold">Where: </span>
        on this server&apos;s own disk, in <code className="break-all">{data.folder}</code>
        {data.offsite ? (
          <>, and a copy of each off the machine, in {data.offsite}.</>
        ) : (
          <>. A failed disk would take them with the site: copy them to another machine or storage regularly.</>
        )}
      </p>
      <p className={`text-sm ${data.encrypted ? "" : "text-danger"}`}>
        <span className="font-semibold">Encryption: </span>
        {data.encrypted
          ? "every backup is encrypted with the site's backup key; without the key it cannot be read or restored."
          : "off. Backups hold customers' personal data; anyone holding a file can read it. Set BACKUP_KEY on the server to encrypt them."}
      </p>
    </StaffCard>
  );
}

function BackUpNow({ data }: { data: TOverview }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { error, busy } = useActionToast(fetcher);
  return (
    <section className={`${cardClass} space-y-4`} aria-labelledby="now-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="now-title" className="text-lg font-semibold">
            Schedule
          </h2>
          <p className="text-sm text-muted">
            Every day at {String(data.hourLagos).padStart(2, "0")}:00 Lagos time; the next is{" "}
            <time dateTime={new Date(data.nextAt).toISOString()}>{when(data.nextAt)}</time>. The hour is in{" "}
            <Link to="/admin/settings#settings-records" className="font-medium text-brand underline">
              Settings, Records
            </Link>
            .
          </p>
        </div>
        {data.running ? null : (
          <fetcher.Form method="post">
            <JsFlag />
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? "Starting…" : "Back up now"}
            </button>
          </fetcher.Form>
        )}
      </div>
      {data.running ? <Running backup={data.running} /> : null}
      <FormError message={error?.message} />
      <p className="text-sm text-muted">{data.rotation}</p>
    </section>
  );
}

function Running({ backup }: { backup: TBackup }) {
  const p = useLiveProgress(
    `/admin/backups/${backup.id}/progress`,
    { status: "running" as "running" | "succeeded" | "failed", progress: backup.progress, error: null as string | null },
    (x) => x.status !== "running",
  );
  return (
    <div className="space-y-2" data-testid="backup-running">
      <p className="text-sm" aria-live="polite">
        {p.status === "running"
          ? `Backing up: ${p.progress}% (started ${when(backup.startedAt)} by ${madeBy(backup)}).`
          : p.status === "succeeded"
            ? "Backup finished."
            : `The backup failed: ${p.error ?? "no reason given"}`}
      </p>
      <ProgressBar label="Backup progress" percent={p.status === "succeeded" ? 100 : p.progress} />
      <noscript>
        <p className="text-sm">
          <a href="/admin/backups" className="font-medium text-brand underline">
            Reload the page
          </a>{" "}
          to see how far it has got.
        </p>
      </noscript>
    </div>
  );
}

function keptColumns({ offsite, canDownload }: { offsite: boolean; canDownload: boolean }): TStaffColumn<TBackup>[] {
  return [
    { header: "Finished", className: "whitespace-nowrap", cell: (b) => (b.finishedAt ? when(b.finishedAt) : "") },
    { header: "Made by", hideOnPhone: true, cell: madeBy },
    { header: "Size", className: "whitespace-nowrap", cell: (b) => formatFileSize(b.bytes ?? 0) },
    { header: "Took", hideOnPhone: true, className: "whitespace-nowrap", cell: (b) => took(b.durationMs) },
    { header: "File", hideOnPhone: true, className: "break-all font-mono text-xs", cell: (b) => b.fileName },
    ...(offsite
      ? [
          {
            header: "Off-site",
            cell: (b: TBackup) => <span className={b.offsiteKey ? "" : "text-danger"}>{b.offsiteKey ? "Copied" : "Not copied"}</span>,
          },
        ]
      : []),
    ...(canDownload
      ? [
          {
            header: "Download",
            headerHidden: true,
            cell: (b: TBackup) => (
              <a href={`/admin/backups/${b.id}/download`} className="font-medium text-brand underline" download>
                Download
              </a>
            ),
          },
        ]
      : []),
  ];
}

function Kept({ kept, downloadNote, offsite }: { kept: TBackup[]; downloadNote: string | null; offsite: boolean }) {
  const canDownload = !downloadNote;
  return (
    <section className={`${cardClass} space-y-3`} aria-labelledby="kept-title">
      <h2 id="kept-title" className="text-lg font-semibold">
        Backups kept
      </h2>
      {kept.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <div>
          {canDownload ? null : (
            <p className="mb-3 text-sm text-muted" data-testid="download-needs-second-factor">
              {downloadNote}
            </p>
          )}
          <StaffTable
            label="Backups kept"
            testId="kept-backups"
            framed={false}
            columns={keptColumns({ offsite, canDownload })}
            rows={kept}
            rowKey={(b) => b.id}
            empty={null}
          />
        </div>
      )}
    </section>
  );
}

function Failures({ failures }: { failures: TBackup[] }) {
  if (failures.length === 0) return null;
  return (
    <section className={`${cardClass} space-y-3`} aria-labelledby="failures-title">
      <h2 id="failures-title" className="text-lg font-semibold">
        Recent failures
      </h2>
      <ul className="space-y-2" data-testid="backup-failures">
        {failures.map((b) => (
          <li key={b.id} className="rounded-lg border border-danger/30 bg-danger/5 px-3 py-2 text-sm">
            <p className="font-semibold">
              {when(b.startedAt)} · {madeBy(b)}
            </p>
            <p className="text-danger">
              {b.status === "succeeded" && b.offsiteError
                ? `Written on this server, but not copied off the machine: ${b.offsiteError}`
                : (b.error ?? "The server stopped while this backup was being made.")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AdminBackups({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Backups</h1>
        <p className="mt-1 text-muted">
          Each backup is one file with the database and every uploaded file (photos, course files, designs, identity documents), checked
          after it is written. Times are Lagos time.
        </p>
      </header>
      <LastGood data={loaderData} />
      <BackUpNow data={loaderData} />
      <Kept kept={loaderData.kept} downloadNote={loaderData.downloadNote} offsite={!!loaderData.offsite} />
      <Failures failures={loaderData.failures} />
    </div>
  );
}
