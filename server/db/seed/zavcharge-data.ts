// The ZavCharge demo network: stations in Lagos, Abuja, Ibadan, Port Harcourt and Enugu, the plans, and the demo
// driver's history (docs/product/zavcharge.md).

export type TSeedStation = {
  slug: string;
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  pricePerKwhKobo: number;
  features: string[];
  openingHours: string;
  status?: "online" | "offline" | "maintenance";
  /** Connector and power of each slot, in slot order. */
  slots: { connector: string; powerKw: number; outOfOrder?: boolean }[];
  /** Days from the seed day to a scheduled maintenance window, at 10:00 Lagos. */
  maintenanceInDays?: number;
};

const AC = { connector: "Type 2", powerKw: 22 };
const DC = { connector: "CCS2", powerKw: 60 };

export const DEMO_STATIONS: TSeedStation[] = [
  {
    slug: "lekki-phase-1",
    name: "ZavCharge Lekki Phase 1",
    address: "14 Admiralty Way, Lekki Phase 1",
    city: "Lagos",
    state: "Lagos",
    latitude: 6.4474,
    longitude: 3.472,
    pricePerKwhKobo: 25_000,
    features: ["Solar canopy", "Fast DC", "Café", "24/7"],
    openingHours: "24 hours",
    slots: [DC, DC, AC, AC, AC, AC],
  },
  {
    slug: "ikeja-gra",
    name: "ZavCharge Ikeja GRA",
    address: "7 Isaac John Street, Ikeja GRA",
    city: "Lagos",
    state: "Lagos",
    latitude: 6.5818,
    longitude: 3.3581,
    pricePerKwhKobo: 24_000,
    features: ["Solar canopy", "Security", "Restrooms"],
    openingHours: "6:00 to 22:00",
    slots: [DC, AC, AC, { ...AC, outOfOrder: true }],
    maintenanceInDays: 1,
  },
  {
    slug: "victoria-island",
    name: "ZavCharge Victoria Island",
    address: "22 Adeola Odeku Street, Victoria Island",
    city: "Lagos",
    state: "Lagos",
    latitude: 6.4281,
    longitude: 3.4219,
    pricePerKwhKobo: 26_000,
    features: ["Fast DC", "Covered parking", "Wi-Fi"],
    openingHours: "24 hours",
    slots: [DC, DC, AC, AC],
  },
  {
    slug: "wuse-2-abuja",
    name: "ZavCharge Wuse II",
    address: "Plot 1052 Aminu Kano Crescent, Wuse II",
    city: "Abuja",
    state: "FCT",
    latitude: 9.0765,
    longitude: 7.4722,
    pricePerKwhKobo: 23_000,
    features: ["Solar canopy", "Battery buffer", "Café"],
    openingHours: "24 hours",
    slots: [DC, AC, AC, AC],
  },
  {
    slug: "bodija-ibadan",
    name: "ZavCharge Bodija",
    address: "3 Bodija Market Road, Bodija",
    city: "Ibadan",
    state: "Oyo",
    latitude: 7.4226,
    longitude: 3.9122,
    pricePerKwhKobo: 22_000,
    features: ["Solar canopy", "Battery buffer"],
    openingHours: "7:00 to 21:00",
    slots: [AC, AC, AC],
  },
  {
    slug: "gra-port-harcourt",
    name: "ZavCharge Port Harcourt GRA",
    address: "18 Tombia Street, GRA Phase 2",
    city: "Port Harcourt",
    state: "Rivers",
    latitude: 4.8156,
    longitude: 7.0498,
    pricePerKwhKobo: 24_500,
    features: ["Solar canopy", "Security"],
    openingHours: "24 hours",
    slots: [DC, AC, AC],
  },
  {
    slug: "independence-layout-enugu",
    name: "ZavCharge Independence Layout",
    address: "5 Nza Street, Independence Layout",
    city: "Enugu",
    state: "Enugu",
    latitude: 6.4531,
    longitude: 7.5105,
    pricePerKwhKobo: 22_500,
    features: ["Solar canopy"],
    openingHours: "7:00 to 22:00",
    status: "offline",
    slots: [AC, AC],
  },
];

export const DEMO_PLANS = [
  { code: "monthly", name: "ZavCharge Monthly", priceKobo: 1_500_000, periodDays: 30, sortOrder: 1 },
  { code: "quarterly", name: "ZavCharge Quarterly", priceKobo: 4_000_000, periodDays: 90, sortOrder: 2 },
  { code: "annual", name: "ZavCharge Annual", priceKobo: 15_000_000, periodDays: 365, sortOrder: 3 },
];

/** The demo driver (the demo customer): a fixed id and PIN, printed with the demo accounts. */
export const DEMO_DRIVER = { email: "customer@zavolah.ng", code: "ZAV48213907LEKK", pin: "246810", rfidTag: "04A1B2C3D4E5F6" };

/**
 * One commissioned OCPP charger per demo station, in DEMO_STATIONS order: ZAV-CP-001, ZAV-CP-002... They share
 * this demo password (docs/product/zavcharge.md, "Charger simulator"); a real charger gets its own. They heartbeat every minute.
 */
export const DEMO_CHARGER_PASSWORD = "zavcharge-demo";
export const DEMO_CHARGER_HEARTBEAT_SECONDS = 60;
export function demoChargePointId(index: number): string {
  return `ZAV-CP-${String(index + 1).padStart(3, "0")}`;
}

/**
 * One commissioned Arduino charger over MQTT (docs/product/zavcharge.md#chargers), at the Bodija (Ibadan) station
 * beside ZAV-CP-005, with the same demo password: `npm run simulate:charger -- --mqtt ... --id ZAV-AR-001`.
 * Its connector N is slot N there too, so play one of the two at a time on a connector.
 */
export const DEMO_MQTT_CHARGER = { chargePointId: "ZAV-AR-001", stationSlug: "bodija-ibadan" };

/** Past sessions of the demo driver: days ago, station, slot, Lagos start hour, minutes, energy in Wh. */
export const DEMO_DRIVER_SESSIONS: { daysAgo: number; station: string; slot: number; hour: number; minutes: number; energyWh: number }[] = [
  { daysAgo: 23, station: "lekki-phase-1", slot: 1, hour: 8, minutes: 38, energyWh: 24_600 },
  { daysAgo: 19, station: "ikeja-gra", slot: 2, hour: 17, minutes: 95, energyWh: 18_250 },
  { daysAgo: 14, station: "victoria-island", slot: 1, hour: 12, minutes: 41, energyWh: 27_900 },
  { daysAgo: 9, station: "lekki-phase-1", slot: 3, hour: 19, minutes: 120, energyWh: 21_400 },
  { daysAgo: 4, station: "lekki-phase-1", slot: 2, hour: 7, minutes: 35, energyWh: 22_150 },
  { daysAgo: 1, station: "ikeja-gra", slot: 1, hour: 13, minutes: 44, energyWh: 26_300 },
];
