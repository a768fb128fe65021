import { Cpu, Monitor, Smartphone } from "lucide-react";
import { Form } from "react-router";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";

// The phones, browsers and devices signed in to the account through the Zavolah app (docs/product/api-gateway.md#devices),
// each signed out with one button. Changing the password signs them all out.

type TDevice = { id: string; name: string; type: "web" | "mobile" | "arduino"; lastSeenAt: string; createdAt: string };

const ICON = { web: Monitor, mobile: Smartphone, arduino: Cpu } as const;
const KIND = { web: "Browser", mobile: "Phone or tablet", arduino: "Device" } as const;

export function SignedInDevices({ devices, formError, busy }: { devices: TDevice[]; formError?: string; busy: boolean }) {
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
                    {KIND[d.type]} · last seen {formatLagosDateTime(d.lastSeenAt)} · signed in {formatLagosDateTime(d.createdAt)}
                  </p>
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
    </section>
  );
}
