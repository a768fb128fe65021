import { AlertTriangle } from "lucide-react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/power-tracking";
import { parseThen } from "@domain/errors/app-error";
import { formatKwh, formatWatts } from "@domain/power/power";
import { ZNewInstallation } from "@domain/power/reading-input";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { addInstallation } from "@server/power/add-installation";
import { getFleetOverview } from "@server/power/fleet-overview";
import { newest, useLivePower } from "~/components/power/use-live-power";
import { Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, StaffSection } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// Power tracking (docs/product/power-tracking.md#fleet-overview): every installation's state at a glance, live, and
// the form that adds one and shows its gateway key once.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/power-tracking", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  return getFleetOverview();
}

const FORM_FIELDS = ["siteName", "customerEmail", "customerName", "city", "state", "pvKwp", "batteryKwh", "inverterKva", "lat", "lng"];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await parseThen(ZNewInstallation, fields, FORM_FIELDS, (input) => addInstallation(admin, input));
  return actionResponse(request, fields, result, {
    // Without JavaScript the page reloads: the key then travels in this one-time message.
    done: (r) => ({ type: "success", title: "Installation added", description: `Gateway key, shown only once: ${r.key}` }),
    failedTitle: "Installation not added",
    answer: (r) => ({ id: r.id, key: r.key }),
  });
}

function AddInstallation() {
  const fetcher = useFetcher<TActionAnswer<{ id: number; key: string }>>();
  const { answer, busy, error, formError } = useActionToast(fetcher);
  const err = (name: string) => error?.fieldErrors?.[name];
  const added = answer?.ok ? answer : null;
  return (
    <StaffSection titleId="add-title" title="Add an installation" className={`${cardClass} space-y-3`}>
      {added ? (
        <div className="space-y-2 rounded-xl border border-brand p-3" role="status" data-testid="new-key">
          <p className="font-semibold">Gateway key for installation {added.id}: copy it now, it will not be shown again.</p>
          <code className="block break-all rounded bg-surface-2 p-2 text-sm" data-testid="new-key-value">
            {added.key}
          </code>
          <p className="text-sm text-muted">
            The gateway posts readings to <code>/api/power/installations/{added.id}/readings</code> with{" "}
            <code>Authorization: Bearer &lt;key&gt;</code>.{" "}
            <Link to={`/admin/power-tracking/${added.id}`} className="text-brand underline">
              Open the installation
            </Link>
          </p>
        </div>
      ) : null}
      <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
        <JsFlag />
        <Field label="Site name" name="siteName" required error={err("siteName")} />
        <Field label="Customer's name" name="customerName" error={err("customerName")} />
        <Field
          label="Customer's e-mail"
          name="customerEmail"
          type="email"
          hint="Links the system to their account, if they have one"
          error={err("customerEmail")}
        />
        <Field label="Town or city" name="city" required error={err("city")} />
        <Field label="State" name="state" required error={err("state")} />
        <Field label="Panels (kWp)" name="pvKwp" inputMode="decimal" required error={err("pvKwp")} />
        <Field label="Battery (kWh)" name="batteryKwh" inputMode="decimal" defaultValue="0" error={err("batteryKwh")} />
        <Field label="Inverter (kVA)" name="inverterKva" inputMode="decimal" required error={err("inverterKva")} />
        <Field label="Latitude" name="lat" inputMode="decimal" error={err("lat")} />
        <Field label="Longitude" name="lng" inputMode="decimal" error={err("lng")} />
        {formError ? (
          <p className="text-sm text-danger sm:col-span-2" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            Add installation
          </button>
        </div>
      </fetcher.Form>
    </StaffSection>
  );
}

export default function PowerTracking({ loaderData }: Route.ComponentProps) {
  const { rows, medianSpecificYield } = loaderData;
  const { live } = useLivePower();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Power Tracking</h1>
        <p className="mt-1 text-muted">
          The solar installations we look after, live. Fleet median over the last 7 days:{" "}
          {medianSpecificYield === null ? "not enough data" : `${medianSpecificYield.toFixed(2)} kWh per kWp a day`}.
        </p>
      </header>
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Installations" data-testid="fleet">
        {rows.map((r) => {
          const flow = newest(r.live, live.get(r.id));
          return (
            <li key={r.id} className={`${cardClass} space-y-2`} data-testid={`fleet-${r.id}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <Link to={`/admin/power-tracking/${r.id}`} className="text-brand underline">
                    {r.siteName}
                  </Link>
                </h2>
                <span className={`text-sm font-medium ${r.online ? "text-brand" : "text-danger"}`}>{r.online ? "Online" : "Silent"}</span>
              </div>
              <p className="text-sm text-muted">
                {r.customer} · {r.place} · {r.pvKwp} kWp, {r.batteryKwh} kWh, {r.inverterKva} kVA
              </p>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-muted">Solar now</dt>
                  <dd className="font-semibold tabular-nums">{flow.pvW === null ? "–" : formatWatts(flow.pvW)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Battery</dt>
                  <dd className={`font-semibold tabular-nums ${r.batteryLow ? "text-danger" : ""}`}>
                    {flow.socPct === null ? "–" : `${Math.round(flow.socPct)}%`}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Load</dt>
                  <dd className="font-semibold tabular-nums">{flow.loadW === null ? "–" : formatWatts(flow.loadW)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Solar today</dt>
                  <dd className="font-semibold tabular-nums">{formatKwh(r.todayPvWh)}</dd>
                </div>
              </dl>
              <p className="text-xs text-muted">
                {r.lastSeenAt ? `Last seen ${formatLagosDateTime(r.lastSeenAt)}` : "Never heard from"}
                {r.weekSpecificYield !== null ? ` · ${r.weekSpecificYield.toFixed(2)} kWh/kWp a day` : ""}
                {flow.gridAvailable === false ? " · grid outage" : ""}
                {flow.generatorRunning ? " · generator running" : ""}
              </p>
              {r.underperforming || r.activeAlarms > 0 || r.batteryLow ? (
                <p className="flex flex-wrap items-center gap-2 text-sm text-danger">
                  <AlertTriangle className="h-4 w-4" aria-hidden />
                  {[
                    r.underperforming ? "Underperforming against the fleet" : null,
                    r.activeAlarms ? `${r.activeAlarms} active alarm${r.activeAlarms === 1 ? "" : "s"}` : null,
                    r.batteryLow ? "Battery low" : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {rows.length === 0 ? <p className="text-muted">No installations yet.</p> : null}
      <AddInstallation />
    </div>
  );
}
