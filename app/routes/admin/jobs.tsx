import { useFetcher } from "react-router";
import type { Route } from "./+types/jobs";
import { FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { actionResponse } from "~/http/action-response.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { listScheduledJobs, runJobNowAsAdmin } from "@server/jobs/scheduled-jobs";

export const meta: Route.MetaFunction = (args) => metaFor("/admin/jobs", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  return { jobs: await listScheduledJobs() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await runJobNowAsAdmin(admin, String(fields.job ?? ""));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Job started", description: r.label }),
    failedTitle: "Not started",
    back: "/admin/jobs",
  });
}

const every = (s: number) =>
  s % 86_400 === 0
    ? `every ${s / 86_400 === 1 ? "24 hours" : `${s / 86_400} days`}`
    : s % 3600 === 0
      ? `every ${s / 3600 === 1 ? "hour" : `${s / 3600} hours`}`
      : s % 60 === 0
        ? `every ${s / 60 === 1 ? "minute" : `${s / 60} minutes`}`
        : `every ${s} s`;
const when = (d: Date | string | null) => (d ? formatLagosDateTime(d) : "Never");

type TJobRow = Route.ComponentProps["loaderData"]["jobs"][number];

function JobCard({ job }: { job: TJobRow }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { error, busy } = useActionToast(fetcher);
  return (
    <li className={cardClass} data-testid="scheduled-job">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{job.label}</h2>
          <p className="text-sm text-muted">
            {job.description} Runs {every(job.periodSeconds)}.
          </p>
        </div>
        <fetcher.Form method="post">
          <JsFlag />
          <input type="hidden" name="job" value={job.name} />
          <button type="submit" className={buttonClass.outline} disabled={busy} aria-label={`Run ${job.label} now`}>
            Run now
          </button>
        </fetcher.Form>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Last run</dt>
          <dd data-testid="job-last-run">
            {job.running ? (
              "Running now"
            ) : job.lastFinishedAt ? (
              <time dateTime={new Date(job.lastFinishedAt).toISOString()}>{when(job.lastFinishedAt)}</time>
            ) : (
              "Never"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Next run</dt>
          <dd>{when(job.nextRunAt)}</dd>
        </div>
        <div>
          <dt className="text-muted">Last error</dt>
          <dd className={job.lastError ? "text-danger" : ""}>{job.lastError ?? "None"}</dd>
        </div>
      </dl>
      <FormError message={error?.message} />
    </li>
  );
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Scheduled jobs</h1>
        <p className="mt-1 text-muted">
          Reminders and campaign sending run on this timetable, on whichever server instance is free. Times are Lagos time.
        </p>
      </header>
      {loaderData.jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
          No jobs yet: they appear when the server starts.
        </p>
      ) : (
        <ul className="space-y-4">
          {loaderData.jobs.map((job) => (
            <JobCard key={job.name} job={job} />
          ))}
        </ul>
      )}
    </div>
  );
}
