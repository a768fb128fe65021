import { data, useFetcher } from "react-router";
import type { Route } from "./+types/power-installation";
import { parseThen } from "@domain/errors/app-error";
import { ZAcknowledgeAlarm } from "@domain/power/reading-input";
import { energyPeriodOf, type TAlarmRow } from "@domain/power/views";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { acknowledgeAlarm } from "@server/power/acknowledge-alarm";
import { getInstallationDetail } from "@server/power/installation-detail";
import { InstallationPanel } from "~/components/power/installation-panel";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, StaffSection } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// One solar installation (docs/product/power-tracking.md#installation-page): live power flow over /ws, energy bars from
// its counters, the battery's curve, its devices, and the alarm log, where admins acknowledge alarms (audited).

export const meta: Route.MetaFunction = (args) => metaFor("/admin/power-tracking/:id", args);

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const period = energyPeriodOf(new URL(request.url).searchParams.get("period"));
  const detail = await getInstallationDetail(idOf(params.id), new Date(), period);
  if (!detail) throw data(null, { status: 404 });
  return detail;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const id = idOf(params.id);
  const fields = await readForm(request);
  const result = await parseThen(ZAcknowledgeAlarm, fields, [], (input) => acknowledgeAlarm(admin, id, input.alarmId));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Alarm acknowledged", description: r.code }),
    failedTitle: "Alarm not acknowledged",
  });
}

function Acknowledge({ alarm }: { alarm: TAlarmRow }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy } = useActionToast(fetcher, { errors: "toast" });
  return (
    <fetcher.Form method="post">
      <JsFlag />
      <input type="hidden" name="alarmId" value={alarm.id} />
      <button type="submit" className={buttonClass.outline} disabled={busy} aria-label={`Acknowledge ${alarm.code}`}>
        Acknowledge
      </button>
    </fetcher.Form>
  );
}

export default function PowerInstallation({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/power-tracking">Power tracking</BackLink>
        <h1 className="mt-1 text-3xl font-bold">{d.siteName}</h1>
        <p className="mt-1 text-muted">
          {d.customer} · {d.place} · {d.pvKwp} kWp panels, {d.batteryKwh} kWh battery, {d.inverterKva} kVA inverter · key ending …
          {d.keyHint}
        </p>
      </header>
      <InstallationPanel detail={d} />
      <StaffSection titleId="alarms-title" title="Alarm log" className={`${cardClass} space-y-3`}>
        {d.alarms.length === 0 ? (
          <p className="text-sm text-muted">No alarms.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="alarms">
            {d.alarms.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`alarm-${a.code}`}>
                <div>
                  <p className="font-medium">
                    <span className={a.severity === "critical" ? "text-danger" : ""}>{a.severity}</span> · {a.code}
                  </p>
                  <p className="text-sm">{a.message}</p>
                  <p className="text-xs text-muted">
                    Raised {formatLagosDateTime(a.raisedAt)}
                    {a.clearedAt ? ` · cleared ${formatLagosDateTime(a.clearedAt)}` : " · active"}
                    {a.acknowledgedAt ? ` · acknowledged by ${a.acknowledgedBy} on ${formatLagosDateTime(a.acknowledgedAt)}` : ""}
                  </p>
                </div>
                {a.acknowledgedAt ? null : <Acknowledge alarm={a} />}
              </li>
            ))}
          </ul>
        )}
      </StaffSection>
      <StaffSection titleId="devices-title" title="Devices" className={`${cardClass} space-y-2`}>
        {d.devices.length === 0 ? (
          <p className="text-sm text-muted">No devices recorded.</p>
        ) : (
          <ul className="text-sm">
            {d.devices.map((dev) => (
              <li key={dev.id}>
                {dev.kind}: {dev.make} {dev.model}
                {dev.serial ? ` (${dev.serial})` : ""}
              </li>
            ))}
          </ul>
        )}
      </StaffSection>
    </div>
  );
}
