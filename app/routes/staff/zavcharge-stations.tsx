import { Link } from "react-router";
import type { Route } from "./+types/zavcharge-stations";
import { parseThen } from "@domain/errors/app-error";
import { STATION_FORM_FIELDS, ZStationFields } from "@domain/zavcharge/network/station-input";
import { formatPricePerKwh } from "@domain/zavcharge/pricing";
import { listStaffStations } from "@server/zavcharge/network/list-staff-stations";
import { saveStation } from "@server/zavcharge/network/save-station";
import { ItemValue, StaffItemRow, StaffItemsCard, StaffNewItemForm, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass } from "~/components/ui/styles";
import { fieldErrorsIn } from "~/components/zavcharge/form-errors";
import { StationFields } from "~/components/zavcharge/station-fields";
import { StationStatusBadge } from "~/components/zavcharge/station-status-badge";
import { requireRole } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// Staff: the ZavCharge stations (docs/product/zavcharge.md#stations-and-slots), and a new one.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/stations", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  return { stations: await listStaffStations() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result = await parseThen(ZStationFields, fields, STATION_FORM_FIELDS, (input) => saveStation(staff, null, input));
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash(`/staff/zavcharge/stations/${result.stationId}`, {
    type: "success",
    title: "Station added",
    description: `${result.message}. Add its slots next.`,
  });
}

export default function StaffStations({ loaderData, actionData }: Route.ComponentProps) {
  const { stations } = loaderData;
  const failed = formRefusalIn(actionData);
  const errors = fieldErrorsIn(failed);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="ZavCharge stations"
        intro="Every station of the network, whatever its status. Open one to edit it, its slots and its maintenance."
      />
      <nav aria-label="Station work" className="flex flex-wrap gap-2">
        <a href="#new-station" className={buttonClass.primary}>
          New station
        </a>
        <Link to="/zavcharge" className={buttonClass.outline}>
          Public network page
        </Link>
      </nav>
      <StaffItemsCard id="stations-title" title="Stations" count={stations.length} empty="No stations yet. Add the first one below.">
        {stations.map((s) => (
          <StaffItemRow
            key={s.id}
            testId="staff-station-row"
            to={`/staff/zavcharge/stations/${s.id}`}
            name={s.name}
            details={
              <>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                  <StationStatusBadge status={s.status} />
                  <span>
                    {s.city}, {s.state}
                  </span>
                </p>
                {s.maintenance ? <p className="mt-1 text-xs">{s.maintenance}</p> : null}
              </>
            }
          >
            <ItemValue label="Available">
              {s.availableSlots} of {s.totalSlots} slots
            </ItemValue>
            <ItemValue label="Price">{formatPricePerKwh(s.pricePerKwhKobo)}</ItemValue>
            <p className="text-sm text-muted">{s.openingHours}</p>
            <Link to={`/staff/zavcharge/stations/${s.id}`} className={buttonClass.outline} aria-label={`Edit ${s.name}`}>
              Edit
            </Link>
          </StaffItemRow>
        ))}
      </StaffItemsCard>
      <StaffNewItemForm
        id="new-station"
        title="New station"
        error={failed && !failed.error.field ? failed.error.message : null}
        submit="Add station"
      >
        <StationFields v={failed?.values ?? {}} errors={errors} />
      </StaffNewItemForm>
    </div>
  );
}
