import { type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/sessions";
import { StartForm, StopForm } from "~/components/zavcharge/attendant-session-forms";
import { BackLink, StaffSection } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { cardClass } from "~/components/ui/styles";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { formatDuration, formatEnergy, SESSION_STATUS_LABELS, type TSessionStatus } from "@domain/zavcharge/sessions/session-rules";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { answerPageIntent } from "~/http/page-intents.server";
import { readForm } from "~/http/request-input.server";
import { listRecentSessions, listRunningSessions, listStationChoices } from "@server/zavcharge/sessions/list-sessions";
import { ATTENDANT_SESSION_INTENTS } from "./sessions-actions.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/sessions", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const [stations, running, recent] = await Promise.all([listStationChoices(), listRunningSessions(), listRecentSessions(15)]);
  return { stations, running, recent, now: new Date() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  return answerPageIntent(ATTENDANT_SESSION_INTENTS, fields, { request, staff }, (refusal) =>
    actionResponse(request, fields, refusal, { done: () => "", failedTitle: "Nothing changed" }),
  );
}

/**
 * A stop keeps the running list as it is, with the stopped session's result in its card (the attendant reads the
 * energy and cost to the driver); the next visit lists it under "Recently stopped". Starts reload the lists.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("intent") === "stop" && (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

const RECENT_COLUMNS: TStaffColumn<Route.ComponentProps["loaderData"]["recent"][number]>[] = [
  { header: "Stopped", className: "whitespace-nowrap", cell: (s) => (s.stoppedAt ? formatLagosDateTime(s.stoppedAt) : "-") },
  {
    header: "Subscriber",
    cell: (s) => (
      <a href={`/staff/zavcharge/subscribers/${s.accountCode}`} className="font-mono text-brand underline">
        {s.accountCode}
      </a>
    ),
  },
  { header: "Station, slot", cell: (s) => `${s.stationName}, ${s.slotNumber}` },
  { header: "Energy", align: "end", className: "whitespace-nowrap", cell: (s) => formatEnergy(s.energyWh ?? 0) },
  {
    header: "Cost",
    align: "end",
    className: "whitespace-nowrap",
    cell: (s) => (
      <>
        {formatKobo(s.costKobo ?? 0)}
        {s.unpaidKobo > 0 ? <span className="block text-xs text-danger">{formatKobo(s.unpaidKobo)} unpaid</span> : null}
      </>
    ),
  },
  { header: "Status", cell: (s) => SESSION_STATUS_LABELS[s.status as TSessionStatus] ?? s.status },
];

export default function AttendantSessions({ loaderData }: Route.ComponentProps) {
  const { stations, running, recent, now } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/zavcharge">ZavCharge</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Charging sessions</h1>
        <p className="mt-1 text-muted">Start a session for a driver at an attended station, and stop it with the meter reading.</p>
      </header>

      <StartForm stations={stations} />

      <StaffSection titleId="running-title" title={`Running now (${running.length})`} className="space-y-3">
        {running.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">No session is running.</p>
        ) : (
          <ul className="space-y-3">
            {running.map((s) => (
              <li key={s.id} className={cardClass} data-testid="running-session">
                <p className="font-semibold">
                  {s.stationName}, slot {s.slotNumber}
                </p>
                <p className="text-sm text-muted">
                  <span className="font-mono">{s.accountCode}</span>
                  {s.accountName ? ` · ${s.accountName}` : ""} · since {formatLagosDateTime(s.startedAt)} (
                  {formatDuration(new Date(now).getTime() - new Date(s.startedAt).getTime())}) · {formatKobo(s.pricePerKwhKobo)}/kWh
                </p>
                <StopForm session={s} />
              </li>
            ))}
          </ul>
        )}
      </StaffSection>

      <StaffSection titleId="recent-title" title="Recently stopped" className="space-y-3">
        {recent.length === 0 ? (
          <p className="text-sm text-muted">No session has been stopped yet.</p>
        ) : (
          <StaffTable
            label="Recently stopped sessions"
            columns={RECENT_COLUMNS}
            rows={recent}
            rowKey={(s) => s.id}
            rowProps={() => ({ "data-testid": "recent-session" })}
            empty={null}
          />
        )}
      </StaffSection>
    </div>
  );
}
