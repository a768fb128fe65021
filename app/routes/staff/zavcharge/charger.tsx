import { data, useFetcher } from "react-router";
import type { Route } from "./+types/charger";
import { formatLagosDateTime, formatLagosTimestamp } from "@domain/time/lagos-time";
import { TRIGGERABLE_MESSAGES } from "@domain/zavcharge/chargers/charger";
import { getCharger } from "@server/zavcharge/chargers/get-charger";
import { saveCharger } from "@server/zavcharge/chargers/save-charger";
import { sendChargerCommand } from "@server/zavcharge/chargers/send-charger-command";
import { Field, FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { ChargerForm, HeartbeatField } from "~/components/zavcharge/charger-form";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/chargers/:id", args);

function chargerIdFrom(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ message: "There is no such charger." }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const found = await getCharger(chargerIdFrom(params));
  if (!found) throw data({ message: "There is no such charger." }, { status: 404 });
  return found;
}

/** Edit the charger, or send it a command (docs/product/zavcharge.md#chargers); audited. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const chargerId = chargerIdFrom(params);
  const fields = await readForm(request);
  if (fields.intent === "save") {
    const result = await saveCharger(staff, {
      id: chargerId,
      chargePointId: fields.chargePointId ?? "",
      stationId: fields.stationId ?? "",
      password: fields.password,
      heartbeatIntervalSeconds: fields.heartbeatIntervalSeconds || undefined,
      commissioned: fields.commissioned === "on",
    });
    return actionResponse(request, fields, result, { done: () => "Charger saved", failedTitle: "Charger not saved" });
  }
  const result = await sendChargerCommand(staff, { ...fields, chargerId } as never);
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: r.status === "Accepted" || r.status === "Unlocked" ? "success" : "info",
      title: `The charger answered: ${r.status}`,
    }),
    failedTitle: "Command not sent",
  });
}

type TData = Route.ComponentProps["loaderData"];

function CommandForm({ label, children, command }: { label: string; command: string; children: React.ReactNode }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError } = useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2 border-t border-line pt-3" aria-label={label} noValidate>
      <JsFlag />
      <input type="hidden" name="command" value={command} />
      {children}
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        {busy ? "Sending..." : label}
      </button>
      <div className="w-full">
        <FormError message={formError} />
      </div>
    </fetcher.Form>
  );
}

function Select({ label, name, options }: { label: string; name: string; options: { value: string; label: string }[] }) {
  const id = `cmd-${name}-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div>
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <select id={id} name={name} className={`${inputClass} mt-1`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Commands({ charger, slots, running }: Pick<TData, "charger" | "slots" | "running">) {
  const connectors = slots.map((s) => ({ value: String(s.number), label: `Connector ${s.number} (${s.status.replace("_", " ")})` }));
  return (
    <section aria-labelledby="commands" className={`${cardClass} space-y-3`}>
      <h2 id="commands" className="text-lg font-bold">
        Commands
      </h2>
      {!charger.live ? (
        <p className="text-sm text-muted">The charger is not connected: commands will be refused until it is back.</p>
      ) : null}
      {running.map((r) => (
        <CommandForm key={r.id} label={`Stop session ${r.id}`} command="stop">
          <input type="hidden" name="transactionId" value={r.id} />
          <p className="text-sm">
            Slot {r.slotNumber}, since {formatLagosDateTime(r.startedAt)}
          </p>
        </CommandForm>
      ))}
      <CommandForm label="Unlock connector" command="unlock">
        <Select label="Connector to unlock" name="connectorId" options={connectors} />
      </CommandForm>
      <CommandForm label="Change availability" command="availability">
        <Select label="Connector for availability" name="connectorId" options={[{ value: "0", label: "Whole charger" }, ...connectors]} />
        <Select
          label="Availability"
          name="type"
          options={[
            { value: "Inoperative", label: "Out of service" },
            { value: "Operative", label: "In service" },
          ]}
        />
      </CommandForm>
      <CommandForm label="Ask for a message" command="trigger">
        <Select label="Message" name="requestedMessage" options={TRIGGERABLE_MESSAGES.map((m) => ({ value: m, label: m }))} />
      </CommandForm>
      <CommandForm label="Change configuration" command="configuration">
        <Field label="Key" name="key" placeholder="MeterValueSampleInterval" />
        <Field label="Value" name="value" placeholder="60" />
      </CommandForm>
      <CommandForm label="Reset" command="reset">
        <Select
          label="Reset type"
          name="type"
          options={[
            { value: "Soft", label: "Soft (restart the software)" },
            { value: "Hard", label: "Hard (power cycle)" },
          ]}
        />
      </CommandForm>
    </section>
  );
}

function EditCharger({ charger }: Pick<TData, "charger">) {
  return (
    <ChargerForm label="Charger settings" hidden={{ intent: "save", stationId: charger.stationId }} submit="Save charger">
      {(fieldError) => (
        <>
          <Field
            label="Charge point id"
            name="chargePointId"
            defaultValue={charger.chargePointId}
            required
            error={fieldError("chargePointId")}
          />
          <HeartbeatField defaultValue={charger.heartbeatIntervalSeconds} error={fieldError("heartbeatIntervalSeconds")} />
          <Field
            label="New password (leave empty to keep)"
            name="password"
            type="password"
            autoComplete="new-password"
            error={fieldError("password")}
          />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="commissioned" defaultChecked={charger.commissioned} className="h-4 w-4 accent-[var(--brand)]" />{" "}
            Commissioned
          </label>
        </>
      )}
    </ChargerForm>
  );
}

export default function StaffCharger({ loaderData }: Route.ComponentProps) {
  const { charger, messages, running, slots } = loaderData;
  const facts = [
    ["Connection", charger.connected ? "Online" : "Offline"],
    ["Last heartbeat", charger.lastHeartbeatAt ? formatLagosDateTime(charger.lastHeartbeatAt) : "Never"],
    ["Last seen", charger.lastSeenAt ? formatLagosDateTime(charger.lastSeenAt) : "Never"],
    ["Firmware", charger.firmwareVersion ?? "Not reported"],
    ["Make", [charger.vendor, charger.model].filter(Boolean).join(" ") || "Not reported"],
    ["Serial", charger.serialNumber ?? "Not reported"],
    ["Protocol", charger.protocol === "ocpp" ? "OCPP 1.6J" : "MQTT"],
    ["Availability", charger.availability === "Operative" ? "In service" : "Out of service"],
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:py-10">
      <BackLink to="/staff/zavcharge/chargers">Chargers</BackLink>
      <StaffPageHeader title={charger.chargePointId} intro={charger.stationName} />
      <section aria-labelledby="facts" className={cardClass}>
        <h2 id="facts" className="sr-only">
          Details
        </h2>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt className="text-xs text-muted">{k}</dt>
              <dd className="font-medium" data-testid={k === "Connection" ? "charger-connection" : undefined}>
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <Commands charger={charger} slots={slots} running={running} />
      <section aria-labelledby="settings" className={cardClass}>
        <h2 id="settings" className="mb-3 text-lg font-bold">
          Settings
        </h2>
        <EditCharger charger={charger} />
      </section>
      <section aria-labelledby="log" className={cardClass}>
        <h2 id="log" className="text-lg font-bold">
          Messages
        </h2>
        {messages.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No messages yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-line text-sm" aria-label="Message log">
            {messages.map((m) => (
              <li key={m.id} className="py-2" data-testid="charger-message">
                <p>
                  <span className="font-mono text-xs text-muted">{formatLagosTimestamp(m.at)}</span>{" "}
                  <span className={m.direction === "in" ? "font-semibold" : "font-semibold text-accent"}>
                    {m.direction === "in" ? "←" : "→"} {m.action}
                  </span>
                  {m.errorCode ? <span className="text-danger"> · {m.errorCode}</span> : null}
                </p>
                {m.payload ? <p className="break-all font-mono text-xs text-muted">{m.payload}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
