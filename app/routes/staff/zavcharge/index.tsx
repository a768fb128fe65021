import { Link } from "react-router";
import type { Route } from "./+types/index";
import { DayBarChart } from "~/components/zavcharge/day-bar-chart";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formatKobo } from "@domain/money/money";
import { FIGURES_DAYS } from "@domain/zavcharge/accounts/account-rules";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { getZavChargeFigures } from "@server/zavcharge/sessions/zavcharge-figures";
import { hasRoleLevel } from "@domain/access/roles";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(context, request, "staff");
  return { ...(await getZavChargeFigures()), isAdmin: hasRoleLevel(viewer.role, "admin") };
}

const kwh = (wh: number) => `${(wh / 1000).toLocaleString("en-NG", { maximumFractionDigits: 1 })}`;

export default function StaffZavCharge({ loaderData: f }: Route.ComponentProps) {
  const figures = [
    { label: "Energy sold", value: `${kwh(f.energyWh)} kWh`, testId: "figure-energy" },
    { label: "Revenue", value: formatKobo(f.revenueKobo), testId: "figure-revenue" },
    { label: "Sessions", value: String(f.sessions), testId: "figure-sessions" },
    { label: "Running now", value: String(f.runningNow), testId: "figure-running" },
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff">Staff</BackLink>
        <h1 className="mt-1 text-3xl font-bold">ZavCharge</h1>
        <p className="mt-1 text-muted">The charging network over the last {FIGURES_DAYS} days, by Lagos day.</p>
      </header>
      <nav aria-label="ZavCharge" className="flex flex-wrap gap-3">
        <Link to="/staff/zavcharge/sessions" className={buttonClass.primary}>
          Charging sessions
        </Link>
        <Link to="/staff/zavcharge/subscribers" className={buttonClass.outline}>
          Subscribers
        </Link>
        <Link to="/staff/zavcharge/stations" className={buttonClass.outline}>
          Stations
        </Link>
        <Link to="/staff/zavcharge/chargers" className={buttonClass.outline}>
          Chargers
        </Link>
        {f.isAdmin ? (
          <Link to="/staff/zavcharge/plans" className={buttonClass.outline}>
            Plans
          </Link>
        ) : null}
      </nav>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((x) => (
          <div key={x.label} className={cardClass}>
            <dt className="text-sm text-muted">{x.label}</dt>
            <dd className="mt-1 text-lg font-bold whitespace-nowrap sm:text-2xl" data-testid={x.testId}>
              {x.value}
            </dd>
          </div>
        ))}
      </dl>
      <section className={cardClass}>
        <DayBarChart
          title="Sessions per station per day"
          days={f.days}
          series={f.perStation.map((s) => ({ name: s.name, values: s.perDay }))}
          format={(n) => String(Math.round(n * 10) / 10)}
          minMax={2}
          testId="chart-sessions"
        />
        {f.perStation.length === 0 ? <p className="mt-2 text-sm text-muted">No sessions in these days.</p> : null}
      </section>
      <section className={cardClass}>
        <DayBarChart
          title="Energy per day (kWh)"
          days={f.days}
          series={[{ name: "Energy (kWh)", values: f.energyPerDay }]}
          format={kwh}
          testId="chart-energy"
        />
      </section>
    </div>
  );
}
