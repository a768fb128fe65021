import { Cpu, Monitor, Smartphone } from "lucide-react";
import { Form } from "react-router";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { formatLagosTime } from "@domain/time/lagos-time";
import { Field, FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";

// The phones, browsers and devices signed in to the account through the Zavolah app (docs/product/api-gateway.md#devices),
// each signed out with one button. Changing the password signs them all out. An Arduino device is paired here with a
// one-time code (docs/product/api-gateway.md#arduino-devices), shown once.

type TDevice = {
  id: string;
  name: string;
  type: "web" | "mobile" | "arduino";
  lastSeenAt: string;
  createdAt: string;
  lastStatus: Record<string, unknown> | null;
  lastStatusAt: string | null;
};
export type TPairingCodeShown = { code: string; expiresAt: string; deviceName: string };

/** A device's last report in one line: "voltage 12.4 · relay on". */
const statusLine = (status: Record<string, unknown>) =>
  Object.entries(status)
    .slice(0, 6)
    .map(([k, v]) => `${k} ${typeof v === "boolean" ? (v ? "on" : "off") : String(v)}`)
    .join(" · ");

const ICON = { web: Monitor, mobile: Smartphone, arduino: Cpu } as const;
const KIND = { web: "Browser", mobile: "Phone or tablet", arduino: "Device" } as const;

export function SignedInDevices({
  devices,
  formError,
  fieldErrors,
  pairing,
  busy,
}: {
  devices: TDevice[];
  formError?: string;
  fieldErrors?: Record<string, string>;
  pairing?: TPairingCodeShown;
  busy: boolean;
}) {
  return (
    <section className={cardClass} aria-labelledby="devices-title">
      <h2 id="devices-title" className="text-xl font-semibold">
        Signed-in devices
      </h2>
      <p className="mt-1 text-sm text-muted">
        Phones and devices signed in to your account through the Zavolah app. Sign out any you do not recognise, then change your password.
      </p>
      <FormError message={formError} />
      {devices.length === 0 ? (
        <p className="mt-4 text-sm text-muted" data-testid="no-devices">
          No app or device is signed in to your account.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {devices.map((d) => {
            const Icon = ICON[d.type];
            return (
              <li key={d.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="signed-in-device">
                <Icon className="h-6 w-6 shrink-0 text-brand" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{d.name}</p>
                  <p className="text-xs text-muted">
                    {KIND[d.type]} · last seen {formatLagosDateTime(d.lastSeenAt)} · {d.type === "arduino" ? "paired" : "signed in"}{" "}
                    {formatLagosDateTime(d.createdAt)}
                  </p>
                  {d.lastStatus && d.lastStatusAt ? (
                    <p className="text-xs text-muted" data-testid="device-status">
                      Last report at {formatLagosTime(d.lastStatusAt)}: {statusLine(d.lastStatus)}
                    </p>
                  ) : null}
                </div>
                <Form method="post" preventScrollReset aria-label={`Sign out ${d.name}`}>
                  <input type="hidden" name="intent" value="device-sign-out" />
                  <input type="hidden" name="deviceId" value={d.id} />
                  <button type="submit" className={buttonClass.outline} disabled={busy}>
                    Sign out
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-6 border-t border-line pt-4">
        <h3 className="font-semibold">Pair a device</h3>
        <p className="mt-1 text-sm text-muted">
          For a Zavolah monitor or controller: name it, then type the code into its set-up within 10 minutes. The code works once.
        </p>
        {pairing ? (
          <div className="mt-3 rounded-xl border border-brand/40 bg-brand/5 p-4" role="status" data-testid="pairing-code">
            <p className="text-sm">Pairing code for {pairing.deviceName}:</p>
            <p className="mt-1 font-mono text-2xl font-bold tracking-widest">{pairing.code}</p>
            <p className="mt-1 text-xs text-muted">
              Good until {formatLagosTime(pairing.expiresAt)}. Nobody from Zavolah will ask you for it.
            </p>
          </div>
        ) : null}
        <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-3" aria-label="Pair a device">
          <input type="hidden" name="intent" value="device-pairing-code" />
          <Field
            label="Device name"
            name="deviceName"
            maxLength={80}
            required
            placeholder="Shop inverter monitor"
            error={fieldErrors?.deviceName}
            className="min-w-0 flex-1 basis-56"
          />
          <button type="submit" className={buttonClass.outline} disabled={busy}>
            Get a pairing code
          </button>
        </Form>
      </div>
    </section>
  );
}
