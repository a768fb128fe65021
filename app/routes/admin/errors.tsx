import type { Route } from "./+types/errors";
import { StaffPageHeader } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { listErrorGroups } from "@server/errors/list-error-groups";
import { ERROR_GROUP_RETENTION_DAYS } from "@server/errors/prune-error-groups";

// The site's own error list (docs/operations.md#error-reports): when no error-reporting service is set, the errors met
// on the server and in visitors' browsers, one card per kind of error, most recent first.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/errors", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  return { ...(await listErrorGroups()), retentionDays: ERROR_GROUP_RETENTION_DAYS };
}

type TGroup = Route.ComponentProps["loaderData"]["groups"][number];

const SOURCE_LABEL: Record<string, string> = { server: "Server", browser: "Visitor's browser" };

function Seen({ label, at }: { label: string; at: Date | string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd>
        <time dateTime={new Date(at).toISOString()}>{formatLagosDateTime(at)}</time>
      </dd>
    </div>
  );
}

function ErrorCard({ group }: { group: TGroup }) {
  const titleId = `error-${group.fingerprint}`;
  return (
    <li className={cardClass} data-testid="error-group" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold">
          <span className="font-mono text-base">{group.type}</span>: {group.message}
        </h2>
        <p className="whitespace-nowrap rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold text-muted">
          {SOURCE_LABEL[group.source] ?? group.source}
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">Times met</dt>
          <dd data-testid="error-count">{group.count.toLocaleString("en-NG")}</dd>
        </div>
        <Seen label="First seen" at={group.firstSeenAt} />
        <Seen label="Last seen" at={group.lastSeenAt} />
        <div>
          <dt className="text-muted">Last reference</dt>
          <dd className="font-mono">{group.lastRequestId ?? "None"}</dd>
        </div>
      </dl>
      {group.lastPath ? (
        <p className="mt-3 break-all text-sm">
          <span className="text-muted">On </span>
          <span className="font-mono">{group.lastPath}</span>
        </p>
      ) : null}
      {group.stack ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand">Stack</summary>
          <pre className="mt-2 whitespace-pre-wrap break-all rounded-lg bg-surface-2 p-3 text-xs">{group.stack}</pre>
        </details>
      ) : null}
    </li>
  );
}

export default function AdminErrors({ loaderData }: Route.ComponentProps) {
  const { groups, reportingService, retentionDays } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Errors"
        back={{ to: "/admin", label: "Admin" }}
        intro={`What failed on the site and in visitors' browsers, each kind of error once with how often it happened. E-mails, phone numbers, PINs, codes and tokens are taken out before anything is kept. An error not met again for ${retentionDays} days leaves the list. Times are Lagos time.`}
      >
        {reportingService ? (
          <p className="mt-2 rounded-lg border border-line p-3 text-sm" data-testid="errors-elsewhere">
            Errors are sent to the error-reporting service: look there for new ones. This list holds what was met before it was set up.
          </p>
        ) : null}
      </StaffPageHeader>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted" data-testid="no-errors">
          No errors in the last {retentionDays} days.
        </p>
      ) : (
        <ul className="space-y-4">
          {groups.map((group) => (
            <ErrorCard key={group.fingerprint} group={group} />
          ))}
        </ul>
      )}
    </div>
  );
}
