import type { Route } from "./+types/history";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formatKobo } from "@domain/money/money";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { requireDriver } from "~/http/access.server";
import { getStatement } from "@server/zavcharge/statements/statement";

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge/history", args);

/** The driver's own sessions and totals (docs/product/zavcharge.md#statement), the same figures as the statement. */
export async function loader({ context }: Route.LoaderArgs) {
  const driver = requireDriver(context);
  const statement = await getStatement(driver.id);
  return { code: driver.code, name: driver.name, statement: statement! };
}

export default function ChargingHistory({ loaderData }: Route.ComponentProps) {
  const { code, name, statement } = loaderData;
  const { rows, totals } = statement;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <p className="text-sm text-muted">
          ZavCharge · <span className="font-mono">{code}</span>
          {name ? ` · ${name}` : ""}
        </p>
        <h1 className="mt-1 text-3xl font-bold">Charging history</h1>
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Totals">
        <div className={cardClass}>
          <dt className="text-sm text-muted">Sessions</dt>
          <dd className="text-xl font-bold break-words sm:text-2xl" data-testid="total-sessions">
            {totals.sessions}
          </dd>
        </div>
        <div className={cardClass}>
          <dt className="text-sm text-muted">Amount spent</dt>
          <dd className="text-xl font-bold break-words sm:text-2xl" data-testid="total-spent">
            {formatKobo(totals.amountSpentKobo)}
          </dd>
        </div>
        <div className={`${cardClass} col-span-2 sm:col-span-1`}>
          <dt className="text-sm text-muted">Balance</dt>
          <dd className="text-xl font-bold break-words sm:text-2xl" data-testid="total-balance">
            {formatKobo(totals.balanceKobo)}
          </dd>
        </div>
      </dl>

      <div className="flex flex-wrap gap-3">
        <a href="/zavcharge/statement.csv" className={buttonClass.primary} download>
          Download statement (CSV)
        </a>
        <a href="/zavcharge/statement.pdf" className={buttonClass.outline} download>
          Download statement (PDF)
        </a>
      </div>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
          No charging sessions yet. Your sessions appear here once you charge at a ZavCharge station.
        </p>
      ) : (
        <>
          {/* Phones: one card per session. */}
          <ul className="space-y-3 sm:hidden" aria-label="Sessions">
            {rows.map((r) => (
              <li key={r.sessionId} className={cardClass}>
                <p className="font-semibold">{r.station}</p>
                <p className="text-sm text-muted">
                  {r.date}, {r.time} · slot {r.slot}
                </p>
                <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
                  <span>
                    {r.energy} · {r.duration}
                  </span>
                  <span className="font-semibold">{r.cost}</span>
                </p>
                <p className="text-xs text-muted">
                  {r.status}
                  {r.unpaidKobo > 0 ? ` · ${formatKobo(r.unpaidKobo)} unpaid` : ""}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-line sm:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Your charging sessions, newest first, in Lagos time</caption>
              <thead className="bg-surface-2 text-left">
                <tr>
                  {["Date", "Time", "Station", "Slot", "Energy", "Duration", "Cost", "Status"].map((h) => (
                    <th key={h} scope="col" className={`px-3 py-2 ${h === "Energy" || h === "Cost" ? "text-right" : ""}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.sessionId} className="border-t border-line" data-testid="history-row">
                    <td className="whitespace-nowrap px-3 py-2">{r.date}</td>
                    <td className="px-3 py-2">{r.time}</td>
                    <td className="px-3 py-2">{r.station}</td>
                    <td className="px-3 py-2">{r.slot}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{r.energy}</td>
                    <td className="whitespace-nowrap px-3 py-2">{r.duration}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{r.cost}</td>
                    <td className="px-3 py-2">
                      {r.status}
                      {r.unpaidKobo > 0 ? <span className="block text-xs text-danger">{formatKobo(r.unpaidKobo)} unpaid</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p className="text-xs text-muted">Times are Lagos time. Figures as of {formatLagosTimestamp(totals.generatedAt)}.</p>
    </div>
  );
}
