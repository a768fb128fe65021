import type { TSimSite } from "@domain/power/simulate";

// The demo fleet (docs/product/power-tracking.md#simulator): four customers' systems in Lagos, Abuja, Port Harcourt and
// Ibadan. Their gateway keys are demo credentials like the demo accounts' password: printed nowhere, used by the
// in-process simulator, and only seeded in development or with SEED_DEMO=1.

export type TDemoInstallation = {
  siteName: string;
  customerEmail: string;
  customerName: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  inverterVa: number;
  key: string;
  /** Whether the simulator keeps it reporting; the Ibadan shop's gateway went quiet three hours ago. */
  simulated: boolean;
  sim: TSimSite;
  devices: { kind: "inverter" | "battery" | "meter" | "generator" | "gateway"; make: string; model: string; serial: string }[];
};

export const DEMO_INSTALLATIONS: TDemoInstallation[] = [
  {
    siteName: "Eze residence, Lekki Phase 1",
    customerEmail: "customer@zavolah.ng",
    customerName: "Chidinma Eze",
    city: "Lekki",
    state: "Lagos",
    latitude: 6.4474,
    longitude: 3.4723,
    inverterVa: 5000,
    key: "zpk_demo_lekki_7f3a9c2e51b84d06a9e1c3b5d7f90a12",
    simulated: true,
    sim: { pvWp: 5000, batteryWh: 10_000, baseLoadW: 450, health: 1, hasGenerator: true },
    devices: [
      { kind: "inverter", make: "Deye", model: "SUN-5K-SG04LP1", serial: "DY5K-2411-0381" },
      { kind: "battery", make: "Pylontech", model: "US5000 x2", serial: "PT-US5-77120" },
      { kind: "gateway", make: "Zavolah", model: "ZG-1 (ESP32)", serial: "ZG1-00042" },
    ],
  },
  {
    siteName: "Musa & Partners office, Wuse II",
    customerEmail: "ibrahim.musa@example.ng",
    customerName: "Ibrahim Musa",
    city: "Wuse II",
    state: "FCT Abuja",
    latitude: 9.0765,
    longitude: 7.4809,
    inverterVa: 10_000,
    key: "zpk_demo_wuse_0b6e4d2c9a1f47b3855c2e7d1a9f3b64",
    simulated: true,
    sim: { pvWp: 10_000, batteryWh: 15_000, baseLoadW: 900, health: 1, hasGenerator: true },
    devices: [
      { kind: "inverter", make: "Victron", model: "Quattro 10kVA", serial: "HQ2245-ABJ1" },
      { kind: "battery", make: "BYD", model: "Battery-Box Premium LVL 15.4", serial: "BYD-LVL-55310" },
      { kind: "generator", make: "Mikano", model: "MP10 10 kVA", serial: "MK-10-8841" },
    ],
  },
  {
    siteName: "Amadi clinic, GRA Phase 2",
    customerEmail: "ngozi.amadi@example.ng",
    customerName: "Dr Ngozi Amadi",
    city: "Port Harcourt",
    state: "Rivers",
    latitude: 4.8156,
    longitude: 7.0498,
    inverterVa: 8000,
    key: "zpk_demo_phc_c4a18e9b72d35f6e0a8b1c2d3e4f5a6b",
    simulated: true,
    // Harmattan dust and a neighbour's new storey: the fleet median shows it.
    sim: { pvWp: 8000, batteryWh: 20_000, baseLoadW: 700, health: 0.6, hasGenerator: true },
    devices: [
      { kind: "inverter", make: "Growatt", model: "SPF 8000T DVM", serial: "GW8K-PH-1193" },
      { kind: "battery", make: "Felicity", model: "LPBF48200 x2", serial: "FL-48-20031" },
    ],
  },
  {
    siteName: "Adebayo provisions shop, Bodija",
    customerEmail: "folake.adebayo@example.ng",
    customerName: "Folake Adebayo",
    city: "Ibadan",
    state: "Oyo",
    latitude: 7.4352,
    longitude: 3.9133,
    inverterVa: 3500,
    key: "zpk_demo_bodija_5e2f8a1c7b9d40e6a3c5b7d9f1e2a4c6",
    simulated: false,
    sim: { pvWp: 3000, batteryWh: 5000, baseLoadW: 250, health: 1, hasGenerator: false },
    devices: [{ kind: "inverter", make: "Must", model: "PV1800 3.5kW", serial: "MU35-IB-0577" }],
  },
];
