import { z } from "zod";
import { refuse } from "@domain/errors/app-error";
import { SLOT_STATUSES, STATION_STATUSES } from "@domain/zavcharge/network/network-rules";
import { getStation } from "../../zavcharge/network/get-station";
import { listStations } from "../../zavcharge/network/list-stations";
import { cursorNumber, pageOf, searchParamsOf, ZPageOf, ZPageQuery } from "./api-paging";
import { publicOperation, type TApiOperation } from "./api-operation";

// ZavCharge's stations with live availability (docs/product/api-gateway.md#stations), as the network page shows them
// (docs/product/zavcharge.md#stations-and-slots): filtered by city or state, status, connector and feature, in the
// page's order (city, then name), a page at a time. Public, like the page.

const ZStation = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    pricePerKwhKobo: z.number().int(),
    features: z.array(z.string()),
    openingHours: z.string(),
    status: z.enum(STATION_STATUSES),
    availableSlots: z.number().int(),
    totalSlots: z.number().int(),
    connectors: z.array(z.object({ connector: z.string(), powerKw: z.number(), count: z.number().int() })),
    maintenance: z.string().nullable(),
  })
  .meta({ id: "Station" });

const ZStationPage = ZPageOf("StationPage", ZStation);

const ZStationDetail = ZStation.extend({
  slots: z.array(
    z.object({ id: z.number().int(), number: z.number().int(), connector: z.string(), powerKw: z.number(), status: z.enum(SLOT_STATUSES) }),
  ),
}).meta({ id: "StationDetail" });

const ZStationQuery = ZPageQuery.extend({
  city: z.string().max(80).optional().describe("A city or state, or part of one"),
  status: z.enum(STATION_STATUSES).optional(),
  connector: z.string().max(40).optional(),
  feature: z.string().max(40).optional(),
});

export const stationsOperations: TApiOperation[] = [
  publicOperation({
    method: "GET",
    path: "/stations",
    operationId: "listStations",
    summary: "ZavCharge stations with live availability, a page at a time",
    tag: "ZavCharge",
    query: ZStationQuery,
    success: { status: 200, schema: ZStationPage, description: "A page of stations" },
    refusals: [],
    example: {},
    async handle({ query, now }) {
      const { limit, cursor, ...filters } = query as z.output<typeof ZStationQuery>;
      const read = cursorNumber(cursor);
      if (!read.ok) return read;
      const { stations } = await listStations(searchParamsOf(filters), now);
      const start = read.after === null ? 0 : stations.findIndex((s) => s.id === read.after) + 1;
      const page = pageOf(stations.slice(start, start + limit + 1), limit, (s) => [s.id]);
      return { status: 200, body: page };
    },
  }),
  publicOperation({
    method: "GET",
    path: "/stations/{slug}",
    operationId: "getStation",
    summary: "One station, with each charging slot's live status",
    tag: "ZavCharge",
    success: { status: 200, schema: ZStationDetail, description: "The station" },
    refusals: [404],
    async handle({ params, now }) {
      const station = await getStation(params.slug ?? "", now);
      return station ? { status: 200, body: station } : refuse("not_found", "There is no station at that address.");
    },
  }),
];
