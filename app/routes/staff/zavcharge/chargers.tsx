import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/chargers";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { ZForceClose } from "@domain/zavcharge/chargers/charger-input";
import { parseThen } from "@domain/errors/app-error";
import { forceCloseSession } from "@server/zavcharge/sessions/force-close-session";
import { listChargers } from "@server/zavcharge/chargers/list-chargers";
import { listStaffStations } from "@server/zavcharge/network/list-staff-stations";
import { saveCharger } from "@server/zavcharge/chargers/save-charger";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { ChargerForm, HeartbeatField } from "~/components/zavcharge/charger-form";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/chargers", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const [{ chargers, stale }, stations] = await Promise.all([listChargers(), listStaffStations()]);
  return { chargers, stale, stations: stations.map((s) => ({ id: s.id, name: s.name })) };
}

/** Register a charger, or close a stale session (docs/product/zavcharge.md#chargers); both audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  if (fields.intent === "force-close") {
    const result = await parseThen(ZForceClose, fields, [], (input) => forceCloseSession(staff, input));
    return actionResponse(request, fields, result, {
      done: (r) => ({
        type: "success",
        title: `Session ${r.sessionId} closed`,
        description: `Billed ${r.energyWh} Wh at the last reading.`,
      }),
      failedTitle: "Session not closed",
    });
  }
  const result = await saveCharger(staff, {
    chargePointId: fields.chargePointId ?? "",
    stationId: fields.stationId ?? "",
    password: fields.password,
    heartbeatIntervalSeconds: fields.heartbeatIntervalSeconds || undefined,
    commissioned: fields.commissioned === "on",
    protocol: fields.protocol === "mqtt" ? "mqtt" : "ocpp",
  });
  return actionResponse(request, fields, result, {
    done: () => `Charger ${fields.chargePointId} registered`,
    failedTitle: "Charger not registered",
  });
}

type TData = Route.ComponentProps["loaderData"];

function Connection({ connected }: { connected: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${connected ? "bg-brand/15 text-emerald-700 dark:text-emerald-400" : "bg-surface-2 text-muted"}`}
      data-testid="charger-connection"
    >
      <span aria-hidden className={`h-2 w-2 rounded-full ${connected ? "bg-brand" : "bg-muted"}`} />
      {connected ? "Online" : "Offline"}
    </span>
  );
}

const PROTOCOL_OPTIONS = [
  ["ocpp", "OCPP 1.6J (websocket)"],
  ["mqtt", "MQTT (Arduino charger)"],
] as const;

function RegisterCharger({ stations }: { stations: TData["stations"] }) {
  return (
    <ChargerForm label="Register a charger" submit="Register charger">
      {(fieldError) => (
        <>
          <Field label="Charge point id" name="chargePointId" placeholder="ZAV-CP-010" required error={fieldError("chargePointId")} />
          <SelectField
            id="charger-station"
            label="Station"
            name="stationId"
            required
            options={stations.map((s) => [String(s.id), s.name] as const)}
          />
          <SelectField id="charger-protocol" label="Speaks" name="protocol" options={PROTOCOL_OPTIONS} />
          <Field
            label="Password (16 to 40 characters)"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            error={fieldError("password")}
          />
          <HeartbeatField defaultValue={300} error={fieldError("heartbeatIntervalSeconds")} />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="commissioned" className="h-4 w-4 accent-[var(--brand)]" /> Commissioned: may charge drivers
          </label>
        </>
      )}
    </ChargerForm>
  );
}

type TCloser = ReturnType<typeof useFetcher<TActionAnswer>>;

/** One fetcher for every stuck session, held by the page: a closed session leaves the list, its toast stays. */
function ForceClose({
  sessionId,
  closer,
  errors,
  onClosing,
}: {
  sessionId: number;
  closer: TCloser;
  errors: ReturnType<typeof useActionToast> | null;
  onClosing: (sessionId: number) => void;
}) {
  return (
    <closer.Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate onSubmit={() => onClosing(sessionId)}>
      <JsFlag />
      <input type="hidden" name="intent" value="force-close" />
      <input type="hidden" name="sessionId" value={sessionId} />
      <FormError message={errors?.formError ?? null} />
      <div className="min-w-56 flex-1">
        <Field
          label="Reason"
          name="reason"
          placeholder="Charger lost power; no stop received"
          required
          error={errors?.fieldError("reason")}
        />
      </div>
      <button type="submit" className={buttonClass.danger} disabled={!!errors?.busy}>
        {errors?.busy ? "Closing..." : `Close session ${sessionId}`}
      </button>
    </closer.Form>
  );
}

export default function StaffChargers({ loaderData }: Route.ComponentProps) {
  const { chargers, stale, stations } = loaderData;
  const closer = useFetcher<TActionAnswer>();
  const closing = useActionToast(closer);
  // Which form the shared fetcher's answer belongs to, set when the form is sent: React Router renders its states in
  // a transition, and a quick answer can replace the submitting state (and its formData) before it is ever rendered.
  const [closingId, setClosingId] = useState<number | null>(null);
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:py-10">
      <BackLink to="/staff/zavcharge">ZavCharge</BackLink>
      <StaffPageHeader
        title="Chargers"
        intro="Every charger on the network: its connection, last heartbeat and firmware. A charger silent for two heartbeats shows offline and its slots are not offered."
      />
      {stale.length > 0 ? (
        <section aria-labelledby="stale" className={`${cardClass} border-danger/40`}>
          <h2 id="stale" className="text-lg font-bold">
            Sessions that look stuck
          </h2>
          <p className="mt-1 text-sm text-muted">
            Running, with the charger offline or silent for 15 minutes. Closing one bills the last trusted reading.
          </p>
          <ul className="mt-3 divide-y divide-line">
            {stale.map((s) => (
              <li key={s.sessionId} className="py-3" data-testid="stale-session">
                <p className="text-sm">
                  <span className="font-semibold">Session {s.sessionId}</span> · {s.stationName}, slot {s.slotNumber} · {s.accountCode} ·
                  started {formatLagosDateTime(s.startedAt)}
                  {s.lastMeterAt ? `, last reading ${formatLagosDateTime(s.lastMeterAt)}` : ", no reading"} · {s.chargePointId}{" "}
                  {s.chargerConnected ? "online" : "offline"}
                </p>
                <ForceClose
                  sessionId={s.sessionId}
                  closer={closer}
                  errors={closingId === s.sessionId ? closing : null}
                  onClosing={setClosingId}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {chargers.length === 0 ? (
        <p className={cardClass}>No chargers yet. Register the first one below.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Chargers">
          {chargers.map((c) => (
            <li key={c.id} className={cardClass} data-testid="charger">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <Link
                    to={`/staff/zavcharge/chargers/${c.id}`}
                    className="font-mono font-semibold text-brand underline-offset-2 hover:underline"
                  >
                    {c.chargePointId}
                  </Link>
                  <p className="text-sm text-muted">{c.stationName}</p>
                </div>
                <Connection connected={c.connected} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-muted">Last heartbeat</dt>
                  <dd>{c.lastHeartbeatAt ? formatLagosDateTime(c.lastHeartbeatAt) : "Never"}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">Firmware</dt>
                  <dd>{c.firmwareVersion ?? "Not reported"}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">Protocol</dt>
                  <dd>{c.protocol === "ocpp" ? "OCPP 1.6J" : "MQTT"}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">Status</dt>
                  <dd>{c.commissioned ? "Commissioned" : "Not commissioned"}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="new-charger" className={cardClass}>
        <h2 id="new-charger" className="mb-3 text-lg font-bold">
          Register a charger
        </h2>
        <RegisterCharger stations={stations} />
      </section>
    </div>
  );
}
