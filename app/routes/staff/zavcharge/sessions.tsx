import { useEffect, useRef } from "react";
import { useFetcher, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/sessions";
import { JsFlag } from "~/components/ui/js-flag";
import { Field, FormError } from "~/components/ui/field";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { parseThen } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { ZAttendantStart, ZStopSession } from "@domain/zavcharge/sessions/session-input";
import { PIN_LENGTH, pinDigits } from "@domain/zavcharge/accounts/account-rules";
import {
  formatDuration,
  formatEnergy,
  METER_KWH_PATTERN,
  SESSION_STATUS_LABELS,
  whToKwhText,
  type TSessionStatus,
} from "@domain/zavcharge/sessions/session-rules";
import { metaFor } from "~/lib/meta";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { clientIp } from "@server/http/client-ip";
import { listRecentSessions, listRunningSessions, listStationChoices } from "@server/zavcharge/sessions/list-sessions";
import { startAttendedSession } from "@server/zavcharge/sessions/start-attended-session";
import { stopAttendedSession } from "@server/zavcharge/sessions/stop-attended-session";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/sessions", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const [stations, running, recent] = await Promise.all([listStationChoices(), listRunningSessions(), listRecentSessions(15)]);
  return { stations, running, recent, now: new Date() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  if (fields.intent === "stop") {
    const result = await parseThen(ZStopSession, fields, ["meterReading"], (input) =>
      stopAttendedSession({ sessionId: input.sessionId, meterStopWh: input.meterReading, stoppedByUserId: staff.id }),
    );
    return actionResponse(request, fields, result, {
      done: (r) => ({
        type: "success",
        title: `Stopped: ${formatEnergy(r.energyWh)}, ${formatKobo(r.costKobo)}`,
        description: `${r.accountCode} at ${r.stationName}, slot ${r.slotNumber}. Balance now ${formatKobo(r.balanceKobo)}.${
          r.unpaidKobo > 0 ? ` ${formatKobo(r.unpaidKobo)} could not be paid from the wallet; the admins have been told.` : ""
        }`,
      }),
      failedTitle: "Not stopped",
    });
  }
  const result = await parseThen(ZAttendantStart, fields, ["subscriptionId", "pin", "slot", "meterStart"], (input) =>
    startAttendedSession({
      for: { kind: "attendant", subscriptionId: input.subscriptionId, pin: input.pin, ip: clientIp(request), staffUserId: staff.id },
      stationId: input.stationId,
      slotId: input.slotId,
      meterStartWh: input.meterStart,
    }),
  );
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: `Charging started for ${r.accountCode}`,
      description: `${r.accountName ? `${r.accountName}, ` : ""}${r.stationName}, slot ${r.slotNumber}, at ${formatKobo(r.pricePerKwhKobo)} per kWh.`,
    }),
    failedTitle: "Not started",
  });
}

/**
 * A stop keeps the running list as it is, with the stopped session's result in its card (the attendant reads the
 * energy and cost to the driver); the next visit lists it under "Recently stopped". Starts reload the lists.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("intent") === "stop" && (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

type TData = Route.ComponentProps["loaderData"];

function StartForm({ stations }: { stations: TData["stations"] }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { answer, busy, formError, fieldError } = useActionToast(fetcher);
  const form = useRef<HTMLFormElement>(null);
  // After a start the form is ready for the next driver.
  useEffect(() => {
    if (answer?.ok && fetcher.state === "idle") form.current?.reset();
  }, [answer, fetcher.state]);
  const free = stations.flatMap((s) => (s.status === "online" ? s.slots.filter((slot) => slot.status === "available") : []));
  return (
    <section className={cardClass} aria-labelledby="start-title">
      <h2 id="start-title" className="text-xl font-semibold">
        Start a session
      </h2>
      <p className="mt-1 text-sm text-muted">Hand the screen to the driver to type their subscription ID and PIN, then choose the slot.</p>
      <fetcher.Form ref={form} method="post" action="/staff/zavcharge/sessions" className="mt-4 space-y-4" noValidate>
        <JsFlag />
        <input type="hidden" name="intent" value="start" />
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Subscription ID"
            name="subscriptionId"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ZAV12345678ABCD"
            error={fieldError("subscriptionId")}
          />
          <Field
            label="PIN"
            name="pin"
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={PIN_LENGTH}
            autoComplete="off"
            hint="6 digits"
            onInput={(e) => {
              const input = e.currentTarget;
              input.value = pinDigits(input.value);
            }}
            error={fieldError("pin")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <div>
            <label htmlFor="start-slot" className="mb-1 block text-sm font-medium text-fg">
              Station and slot
            </label>
            <select
              id="start-slot"
              name="slot"
              className={inputClass}
              defaultValue=""
              aria-invalid={fieldError("slot") ? true : undefined}
              aria-describedby={fieldError("slot") ? "start-slot-error" : undefined}
            >
              <option value="" disabled>
                {free.length ? "Choose a free slot" : "No slot is free right now"}
              </option>
              {stations.map((s) => (
                <optgroup key={s.id} label={s.status === "online" ? s.name : `${s.name} (${s.status})`}>
                  {s.slots.map((slot) => (
                    <option key={slot.id} value={`${s.id}:${slot.id}`} disabled={s.status !== "online" || slot.status !== "available"}>
                      Slot {slot.number}: {slot.connector} {slot.powerKw} kW
                      {slot.status === "available" ? "" : slot.status === "charging" ? " (in use)" : " (out of order)"}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {fieldError("slot") ? (
              <p id="start-slot-error" className="mt-1 text-sm text-danger" role="alert">
                {fieldError("slot")}
              </p>
            ) : null}
          </div>
          <Field
            label="Meter at start (kWh)"
            name="meterStart"
            inputMode="decimal"
            pattern={METER_KWH_PATTERN}
            placeholder="0"
            hint="Leave empty for 0"
            error={fieldError("meterStart")}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Starting…" : "Start charging"}
        </button>
      </fetcher.Form>
    </section>
  );
}

function StopForm({ session }: { session: TData["running"][number] }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { answer, busy, formError, fieldError } = useActionToast(fetcher);
  if (answer?.ok)
    return (
      <p role="status" className="mt-3 border-t border-line pt-3 font-semibold text-brand" data-testid="stopped-result">
        {answer.toast.title}. {answer.toast.description}
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      action="/staff/zavcharge/sessions"
      className="mt-3 flex flex-wrap items-end gap-3"
      noValidate
      aria-label={`Stop the session of ${session.accountCode}`}
    >
      <JsFlag />
      <input type="hidden" name="intent" value="stop" />
      <input type="hidden" name="sessionId" value={session.id} />
      <FormError message={formError} />
      <Field
        className="w-48"
        label="Meter reading (kWh)"
        name="meterReading"
        inputMode="decimal"
        pattern={METER_KWH_PATTERN}
        required
        hint={`At start: ${whToKwhText(session.meterStartWh)} kWh`}
        error={fieldError("meterReading")}
      />
      <button type="submit" className={buttonClass.danger} disabled={busy}>
        {busy ? "Stopping…" : "Stop"}
      </button>
    </fetcher.Form>
  );
}

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

      <section aria-labelledby="running-title" className="space-y-3">
        <h2 id="running-title" className="text-xl font-semibold">
          Running now ({running.length})
        </h2>
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
      </section>

      <section aria-labelledby="recent-title" className="space-y-3">
        <h2 id="recent-title" className="text-xl font-semibold">
          Recently stopped
        </h2>
        {recent.length === 0 ? (
          <p className="text-sm text-muted">No session has been stopped yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-2xl border border-line">
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="bg-surface-2 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Stopped
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Subscriber
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Station, slot
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Energy
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Cost
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {recent.map((s) => (
                  <tr key={s.id} className="border-t border-line" data-testid="recent-session">
                    <td className="px-3 py-2 whitespace-nowrap">{s.stoppedAt ? formatLagosDateTime(s.stoppedAt) : "-"}</td>
                    <td className="px-3 py-2">
                      <a href={`/staff/zavcharge/subscribers/${s.accountCode}`} className="font-mono text-brand underline">
                        {s.accountCode}
                      </a>
                    </td>
                    <td className="px-3 py-2">
                      {s.stationName}, {s.slotNumber}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">{formatEnergy(s.energyWh ?? 0)}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      {formatKobo(s.costKobo ?? 0)}
                      {s.unpaidKobo > 0 ? <span className="block text-xs text-danger">{formatKobo(s.unpaidKobo)} unpaid</span> : null}
                    </td>
                    <td className="px-3 py-2">{SESSION_STATUS_LABELS[s.status as TSessionStatus] ?? s.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
