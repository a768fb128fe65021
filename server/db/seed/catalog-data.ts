import type { TProductCategory } from "~/lib/catalog";
import type { TProductSpec } from "../../catalog/schema";

// The demo catalogue: what a Nigerian solar and smart-furniture shop sells, in kobo.
// Images are the project's own SVGs under public/images/products.

export type TDemoVariant = { sku: string; name: string; priceKobo: number; onHand: number };
export type TDemoProduct = {
  slug: string;
  name: string;
  category: TProductCategory;
  brand: string;
  description: string;
  specs: TProductSpec[];
  images: string[];
  maxPerOrder?: number;
  lowStockThreshold?: number;
  supplier: string;
  variants: TDemoVariant[];
};

export const DEMO_PRODUCTS: TDemoProduct[] = [
  {
    slug: "zavolah-home-5kva-solar-system",
    name: "Zavolah Home 5kVA Solar System",
    category: "solar-systems",
    brand: "Zavolah",
    description: "5kVA hybrid inverter, 8 x 450W panels and a 5kWh lithium battery: powers a 3-bedroom flat through the night.",
    specs: [],
    images: ["/images/products/solar-systems.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "ZAVOLAH-HOME-5KVA-SOLAR-SYSTEM", name: "Standard", priceKobo: 485_000_000, onHand: 12 }],
  },
  {
    slug: "mono-perc-450w-panel",
    name: "Mono PERC 450W Solar Panel",
    category: "panels",
    brand: "Zavolah",
    description: "High-efficiency monocrystalline panel rated for Nigerian heat, 25-year performance warranty.",
    specs: [],
    images: ["/images/products/panels.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "MONO-PERC-450W-PANEL", name: "Standard", priceKobo: 16_500_000, onHand: 140 }],
  },
  {
    slug: "hybrid-inverter-3-5kva",
    name: "3.5kVA Hybrid Inverter",
    category: "inverters",
    brand: "Zavolah",
    description: "Pure sine wave hybrid inverter with MPPT charge controller and grid/generator input.",
    specs: [],
    images: ["/images/products/inverters.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "HYBRID-INVERTER-3-5KVA", name: "Standard", priceKobo: 68_000_000, onHand: 25 }],
  },
  {
    slug: "lithium-battery-5kwh",
    name: "5kWh Lithium Energy Storage Battery",
    category: "batteries",
    brand: "Zavolah",
    description: "LiFePO4 storage battery, 6,000 cycles, wall-mounted, with app monitoring.",
    specs: [],
    images: ["/images/products/batteries.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "LITHIUM-BATTERY-5KWH", name: "Standard", priceKobo: 145_000_000, onHand: 18 }],
  },
  {
    slug: "solar-street-light-100w",
    name: "100W All-in-One Solar Street Light",
    category: "lighting",
    brand: "Zavolah",
    description: "Dusk-to-dawn street light with motion sensor, for estates and compounds.",
    specs: [],
    images: ["/images/products/lighting.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "SOLAR-STREET-LIGHT-100W", name: "Standard", priceKobo: 9_800_000, onHand: 60 }],
  },
  {
    slug: "detachable-smart-sofa",
    name: "Detachable Smart Sofa with Charging",
    category: "smart-furniture",
    brand: "Zavolah",
    description: "Modular three-seater that splits into two chairs and an ottoman, with USB-C charging and storage.",
    specs: [],
    images: ["/images/products/smart-furniture.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "DETACHABLE-SMART-SOFA", name: "Standard", priceKobo: 87_500_000, onHand: 7 }],
  },
  {
    slug: "wall-bed-with-desk",
    name: "Fold-Away Wall Bed with Desk",
    category: "smart-furniture",
    brand: "Zavolah",
    description: "Queen wall bed that folds into a work desk: a bedroom and an office in one Lagos-sized room.",
    specs: [],
    images: ["/images/products/smart-furniture.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "WALL-BED-WITH-DESK", name: "Standard", priceKobo: 112_000_000, onHand: 5 }],
  },
  {
    slug: "solar-lighting-kit",
    name: "Solar Home Lighting Kit",
    category: "lighting",
    brand: "Zavolah",
    description: "Panel, battery box and four LED bulbs with phone charging: light for a room without NEPA.",
    specs: [],
    images: ["/images/products/lighting.svg"],
    supplier: "Zavolah Lagos warehouse",
    variants: [{ sku: "SOLAR-LIGHTING-KIT", name: "Standard", priceKobo: 4_500_000, onHand: 90 }],
  },
];
