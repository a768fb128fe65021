import type { TProductCategory } from "@domain/catalog/catalog";
import type { TProductSpec } from "../../catalog/schema";

// The demo catalogue: what a Nigerian solar and smart-furniture shop sells, priced in kobo (₦1 = 100 kobo;
// price_kobo is a 32-bit integer, so one variant stays under ₦21m). Images are the project's own SVGs under
// public/images/products (see app/lib/product-images.ts). The first eight products and their first variants
// are the original demo rows: other tests and the home page may rely on their slugs, SKUs and prices.

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

const SUPPLIERS = {
  lagos: "Zavolah Lagos warehouse, Ikeja",
  alaba: "Sunfield Energy Distributors, Alaba International Market, Lagos",
  ibadan: "Dugbe Power Ventures, Ibadan",
  kano: "Sabon Gari Solar Hub, Kano",
  woodworks: "Ikorodu Woodworks Ltd, Lagos",
  osogbo: "Zavolah Furniture Workshop, Osogbo",
} as const;

const img = (...names: string[]) => names.map((n) => `/images/products/${n}.svg`);
const specs = (...pairs: [string, string][]): TProductSpec[] => pairs.map(([label, value]) => ({ label, value }));

export const DEMO_PRODUCTS: TDemoProduct[] = [
  {
    slug: "zavolah-home-5kva-solar-system",
    name: "Zavolah Home 5kVA Solar System",
    category: "solar-systems",
    brand: "Zavolah",
    description:
      "5kVA hybrid inverter, 8 x 450W panels and a 5kWh lithium battery: powers a 3-bedroom flat through the night. Runs fridge, freezer, fans, TVs, lights and a 1HP air conditioner by day, with installation, cabling and a 2-year workmanship warranty included.",
    specs: specs(
      ["Inverter", "5kVA / 48V hybrid, pure sine wave"],
      ["Panels", "8 x 450W mono PERC (3.6kWp)"],
      ["Battery", "5kWh LiFePO4, 6,000 cycles"],
      ["Backup time", "About 10 hours at 400W"],
      ["Suits", "3-bedroom flat or small office"],
      ["Installation", "Included in Lagos, Ibadan and Osogbo"],
    ),
    images: img("solar-systems", "solar-system-kit", "panel-roof"),
    supplier: SUPPLIERS.lagos,
    variants: [
      { sku: "ZAVOLAH-HOME-5KVA-SOLAR-SYSTEM", name: "Standard", priceKobo: 485_000_000, onHand: 12 },
      { sku: "ZAVOLAH-HOME-5KVA-10KWH", name: "With 10kWh battery", priceKobo: 625_000_000, onHand: 4 },
    ],
  },
  {
    slug: "zavcharge-home-charger",
    name: "ZavCharge Home Charger 7kW",
    category: "solar-systems",
    brand: "Zavolah",
    description:
      "A wall-mounted 7kW Type 2 charger for homes and estates, ready to run from your solar system and inverter. Charges most electric cars overnight, with a charging schedule, a lockable cable holder and installation by a Zavolah engineer.",
    specs: specs(
      ["Power", "7kW single-phase (32A)"],
      ["Connector", "Type 2, 5 m tethered cable"],
      ["Solar", "Works with Zavolah hybrid inverters of 5kVA and above"],
      ["Enclosure", "IP55, for covered outdoor walls"],
      ["Installation", "Included in Lagos, Abuja, Ibadan and Port Harcourt"],
      ["Warranty", "2 years"],
    ),
    images: img("home-charger"),
    supplier: SUPPLIERS.lagos,
    maxPerOrder: 4,
    variants: [{ sku: "ZAVCHARGE-HOME-7KW", name: "Standard", priceKobo: 145_000_000, onHand: 10 }],
  },
  {
    slug: "mono-perc-450w-panel",
    name: "Mono PERC 450W Solar Panel",
    category: "panels",
    brand: "Zavolah",
    description:
      "High-efficiency monocrystalline panel rated for Nigerian heat, 25-year performance warranty. Half-cut cells keep output up when part of the panel is shaded by a water tank or a neighbour's roof.",
    specs: specs(
      ["Cell type", "Monocrystalline PERC, 144 half-cut cells"],
      ["Efficiency", "21.1%"],
      ["Open-circuit voltage", "49.5V"],
      ["Size", "2094 x 1038 x 35 mm"],
      ["Weight", "23.5 kg"],
      ["Warranty", "12 years product, 25 years performance"],
    ),
    images: img("panels", "panel-roof"),
    supplier: SUPPLIERS.lagos,
    maxPerOrder: 40,
    variants: [
      { sku: "MONO-PERC-450W-PANEL", name: "450W", priceKobo: 16_500_000, onHand: 140 },
      { sku: "MONO-PERC-550W-PANEL", name: "550W", priceKobo: 19_800_000, onHand: 64 },
    ],
  },
  {
    slug: "hybrid-inverter-3-5kva",
    name: "3.5kVA Hybrid Inverter",
    category: "inverters",
    brand: "Zavolah",
    description:
      "Pure sine wave hybrid inverter with MPPT charge controller and grid/generator input. Switches to battery in under 10 ms, so computers and TVs do not blink when NEPA takes light.",
    specs: specs(
      ["Rated power", "3.5kVA / 3.5kW"],
      ["Battery voltage", "24V"],
      ["Solar input", "MPPT, up to 4,000W, 60-450V"],
      ["Transfer time", "Under 10 ms"],
      ["Display", "LCD with Wi-Fi monitoring"],
    ),
    images: img("inverters", "inverter-wall"),
    supplier: SUPPLIERS.lagos,
    variants: [{ sku: "HYBRID-INVERTER-3-5KVA", name: "Standard", priceKobo: 68_000_000, onHand: 25 }],
  },
  {
    slug: "lithium-battery-5kwh",
    name: "5kWh Lithium Energy Storage Battery",
    category: "batteries",
    brand: "Zavolah",
    description:
      "LiFePO4 storage battery, 6,000 cycles, wall-mounted, with app monitoring. Needs no water and no ventilation, and can be discharged to 90% every night without harm.",
    specs: specs(
      ["Chemistry", "LiFePO4"],
      ["Nominal voltage", "51.2V"],
      ["Cycle life", "6,000 cycles at 90% depth"],
      ["Mounting", "Wall or floor stand"],
      ["Monitoring", "Bluetooth and Wi-Fi app"],
      ["Warranty", "5 years"],
    ),
    images: img("batteries", "battery-rack"),
    supplier: SUPPLIERS.lagos,
    variants: [
      { sku: "LITHIUM-BATTERY-5KWH", name: "5kWh", priceKobo: 145_000_000, onHand: 18 },
      { sku: "LITHIUM-BATTERY-10KWH", name: "10kWh", priceKobo: 275_000_000, onHand: 6 },
    ],
  },
  {
    slug: "solar-street-light-100w",
    name: "100W All-in-One Solar Street Light",
    category: "lighting",
    brand: "Zavolah",
    description:
      "Dusk-to-dawn street light with motion sensor, for estates and compounds. Panel, battery and lamp in one head: no trenching and no cables across the road.",
    specs: specs(
      ["Light output", "10,000 lumens"],
      ["Battery", "LiFePO4, 3 rainy nights"],
      ["Sensor", "Radar motion, dims to 30% when idle"],
      ["Pole height", "6-8 m (pole sold separately)"],
      ["Rating", "IP65"],
    ),
    images: img("lighting"),
    supplier: SUPPLIERS.lagos,
    variants: [
      { sku: "SOLAR-STREET-LIGHT-100W", name: "100W", priceKobo: 9_800_000, onHand: 60 },
      { sku: "SOLAR-STREET-LIGHT-60W", name: "60W", priceKobo: 6_500_000, onHand: 35 },
      { sku: "SOLAR-STREET-LIGHT-200W", name: "200W", priceKobo: 16_500_000, onHand: 3 },
    ],
  },
  {
    slug: "detachable-smart-sofa",
    name: "Detachable Smart Sofa with Charging",
    category: "smart-furniture",
    brand: "Zavolah",
    description:
      "Modular three-seater that splits into two chairs and an ottoman, with USB-C charging and storage. Made in our Osogbo workshop from kiln-dried hardwood and high-density foam.",
    specs: specs(
      ["Seats", "3, splits into 2 chairs and an ottoman"],
      ["Charging", "2 x USB-C PD 30W, 1 x USB-A"],
      ["Frame", "Kiln-dried hardwood"],
      ["Size", "2100 x 880 x 820 mm"],
      ["Fabric", "Washable, removable covers"],
    ),
    images: img("smart-furniture", "sofa-split"),
    supplier: SUPPLIERS.osogbo,
    maxPerOrder: 3,
    variants: [
      { sku: "DETACHABLE-SMART-SOFA", name: "Forest green", priceKobo: 87_500_000, onHand: 7 },
      { sku: "DETACHABLE-SMART-SOFA-GREY", name: "Ash grey", priceKobo: 87_500_000, onHand: 4 },
      { sku: "DETACHABLE-SMART-SOFA-TERRACOTTA", name: "Terracotta", priceKobo: 89_500_000, onHand: 0 },
    ],
  },
  {
    slug: "wall-bed-with-desk",
    name: "Fold-Away Wall Bed with Desk",
    category: "smart-furniture",
    brand: "Zavolah",
    description:
      "Queen wall bed that folds into a work desk: a bedroom and an office in one Lagos-sized room. Gas-spring balanced so a child can lift it; the desk stays level with your laptop on it.",
    specs: specs(
      ["Mattress size", "Queen, 6 x 5 ft (mattress included)"],
      ["Desk", "1500 x 450 mm, stays level"],
      ["Mechanism", "Gas springs, soft close"],
      ["Wall fixing", "Included with delivery"],
      ["Finish", "Walnut laminate and white"],
    ),
    images: img("wall-bed"),
    supplier: SUPPLIERS.woodworks,
    maxPerOrder: 2,
    variants: [
      { sku: "WALL-BED-WITH-DESK", name: "Queen", priceKobo: 112_000_000, onHand: 5 },
      { sku: "WALL-BED-WITH-DESK-DOUBLE", name: "Double (4.5 ft)", priceKobo: 98_500_000, onHand: 2 },
    ],
  },
  {
    slug: "solar-lighting-kit",
    name: "Solar Home Lighting Kit",
    category: "lighting",
    brand: "Zavolah",
    description:
      "Panel, battery box and four LED bulbs with phone charging: light for a room without NEPA. Fits in a carton, installs in an afternoon.",
    specs: specs(
      ["Panel", "40W mono"],
      ["Battery", "12V 18Ah lithium"],
      ["Bulbs", "4 x 5W LED with 5 m cables"],
      ["Charging", "2 USB ports"],
      ["Runtime", "10 hours with all bulbs on"],
    ),
    images: img("lighting-kit"),
    supplier: SUPPLIERS.lagos,
    variants: [
      { sku: "SOLAR-LIGHTING-KIT", name: "4 bulbs", priceKobo: 4_500_000, onHand: 90 },
      { sku: "SOLAR-LIGHTING-KIT-6", name: "6 bulbs + radio", priceKobo: 6_200_000, onHand: 40 },
    ],
  },

  // Solar systems
  {
    slug: "zavolah-starter-1-5kva-solar-system",
    name: "Zavolah Starter 1.5kVA Solar System",
    category: "solar-systems",
    brand: "Zavolah",
    description:
      "Entry system for a mini flat or shop: lights, fans, TV, decoder and laptop all day, and the lights through the night. Choose lithium for a longer life or tubular to spend less today.",
    specs: specs(
      ["Inverter", "1.5kVA / 12V pure sine wave"],
      ["Panels", "2 x 400W mono"],
      ["Battery", "2.4kWh lithium or 200Ah tubular"],
      ["Suits", "Self-contain, mini flat or shop"],
      ["Installation", "Included within 50 km of our offices"],
    ),
    images: img("solar-system-kit", "solar-systems"),
    supplier: SUPPLIERS.ibadan,
    variants: [
      { sku: "STARTER-1-5KVA-TUBULAR", name: "Tubular battery", priceKobo: 98_000_000, onHand: 15 },
      { sku: "STARTER-1-5KVA-LITHIUM", name: "Lithium battery", priceKobo: 125_000_000, onHand: 9 },
    ],
  },
  {
    slug: "zavolah-family-3-5kva-solar-system",
    name: "Zavolah Family 3.5kVA Solar System",
    category: "solar-systems",
    brand: "Zavolah",
    description:
      "For a 2-bedroom flat: fridge, freezer, pumping machine and every light and fan, with a 5kWh lithium battery for the night. Monitored from your phone.",
    specs: specs(
      ["Inverter", "3.5kVA / 24V hybrid"],
      ["Panels", "6 x 450W mono PERC (2.7kWp)"],
      ["Battery", "5kWh LiFePO4"],
      ["Backup time", "About 12 hours at 350W"],
      ["Suits", "2-bedroom flat"],
      ["Warranty", "2 years workmanship, 5 years battery"],
    ),
    images: img("solar-systems", "inverter-wall"),
    supplier: SUPPLIERS.lagos,
    variants: [{ sku: "FAMILY-3-5KVA-SYSTEM", name: "Standard", priceKobo: 295_000_000, onHand: 8 }],
  },
  {
    slug: "zavolah-shop-2-5kva-solar-system",
    name: "Zavolah Shop 2.5kVA Solar System",
    category: "solar-systems",
    brand: "Zavolah",
    description:
      "Keeps a shop open without a generator: POS terminal, chest freezer, lights, fan and phone charging. Built for traders in Lagos, Kano and Onitsha markets.",
    specs: specs(
      ["Inverter", "2.5kVA / 24V hybrid"],
      ["Panels", "4 x 450W mono PERC"],
      ["Battery", "2 x 200Ah tubular"],
      ["Suits", "Shop, salon or pharmacy"],
      ["Generator input", "Yes, automatic changeover"],
    ),
    images: img("solar-system-kit", "panels"),
    supplier: SUPPLIERS.kano,
    variants: [{ sku: "SHOP-2-5KVA-SYSTEM", name: "Standard", priceKobo: 185_000_000, onHand: 0 }],
  },
  {
    slug: "zavolah-office-7-5kva-solar-system",
    name: "Zavolah Office 7.5kVA Solar System",
    category: "solar-systems",
    brand: "Zavolah",
    description:
      "For offices and larger homes: two air conditioners, computers, printers and a borehole pump on sun by day and a 10kWh lithium bank by night.",
    specs: specs(
      ["Inverter", "8kW / 48V hybrid, parallel-ready"],
      ["Panels", "12 x 550W mono PERC (6.6kWp)"],
      ["Battery", "10kWh LiFePO4"],
      ["Suits", "4-bedroom duplex or office of 15"],
      ["Monitoring", "Remote, with monthly report"],
    ),
    images: img("inverter-wall", "panel-roof", "battery-rack"),
    supplier: SUPPLIERS.lagos,
    maxPerOrder: 2,
    variants: [{ sku: "OFFICE-7-5KVA-SYSTEM", name: "Standard", priceKobo: 740_000_000, onHand: 3 }],
  },
  {
    slug: "zavolah-business-10kva-solar-system",
    name: "Zavolah Business 10kVA Solar System",
    category: "solar-systems",
    brand: "Zavolah",
    description:
      "Power for clinics, schools and hotels: vaccine fridges, theatre lights and three air conditioners without a break. Site survey and load audit before installation.",
    specs: specs(
      ["Inverter", "10kW / 48V hybrid"],
      ["Panels", "18 x 550W mono PERC (9.9kWp)"],
      ["Battery", "15kWh LiFePO4 rack"],
      ["Suits", "Clinic, school or small hotel"],
      ["Survey", "Free load audit before installation"],
      ["Warranty", "3 years workmanship"],
    ),
    images: img("panel-roof", "battery-rack", "solar-systems"),
    supplier: SUPPLIERS.lagos,
    maxPerOrder: 1,
    lowStockThreshold: 2,
    variants: [{ sku: "BUSINESS-10KVA-SYSTEM", name: "Standard", priceKobo: 1_180_000_000, onHand: 2 }],
  },

  // Panels
  {
    slug: "jinko-tiger-neo-580w-bifacial-panel",
    name: "Jinko Tiger Neo 580W Bifacial Panel",
    category: "panels",
    brand: "Jinko Solar",
    description:
      "N-type bifacial panel that also collects light reflected from a white roof or the ground: up to 25% more energy on ground mounts and carports.",
    specs: specs(
      ["Cell type", "N-type TOPCon, bifacial"],
      ["Efficiency", "22.5%"],
      ["Size", "2278 x 1134 x 30 mm"],
      ["Weight", "32 kg"],
      ["Warranty", "12 years product, 30 years performance"],
    ),
    images: img("panels", "panel-roof"),
    supplier: SUPPLIERS.alaba,
    maxPerOrder: 40,
    variants: [{ sku: "JINKO-TIGER-NEO-580W", name: "580W", priceKobo: 24_500_000, onHand: 48 }],
  },
  {
    slug: "canadian-solar-hiku-400w-panel",
    name: "Canadian Solar HiKu 400W Mono Panel",
    category: "panels",
    brand: "Canadian Solar",
    description:
      "Compact half-cell mono panel that fits small roofs and carries well up narrow staircases. A favourite for 1.5kVA and 2.5kVA systems.",
    specs: specs(
      ["Cell type", "Mono PERC, 120 half-cut cells"],
      ["Efficiency", "20.5%"],
      ["Size", "1722 x 1134 x 30 mm"],
      ["Weight", "21.3 kg"],
      ["Warranty", "12 years product, 25 years performance"],
    ),
    images: img("panels"),
    supplier: SUPPLIERS.alaba,
    maxPerOrder: 40,
    variants: [{ sku: "CANADIAN-HIKU-400W", name: "400W", priceKobo: 14_200_000, onHand: 75 }],
  },
  {
    slug: "poly-330w-solar-panel",
    name: "Polycrystalline 330W Solar Panel",
    category: "panels",
    brand: "Felicity Solar",
    description:
      "Budget polycrystalline panel for lighting kits, small inverters and borehole pumps. Lower efficiency than mono, lower price per watt.",
    specs: specs(["Cell type", "Polycrystalline, 72 cells"], ["Efficiency", "17%"], ["Size", "1956 x 992 x 40 mm"], ["Weight", "22 kg"]),
    images: img("panel-poly"),
    supplier: SUPPLIERS.kano,
    maxPerOrder: 40,
    variants: [
      { sku: "POLY-330W", name: "330W", priceKobo: 9_800_000, onHand: 52 },
      { sku: "POLY-280W", name: "280W", priceKobo: 8_400_000, onHand: 20 },
    ],
  },
  {
    slug: "mono-150w-solar-panel",
    name: "Mono 150W Solar Panel",
    category: "panels",
    brand: "Zavolah",
    description:
      "Small monocrystalline panel for security lights, CCTV, a POS charger or a 12V fridge. Pre-drilled frame and MC4 connectors.",
    specs: specs(
      ["Cell type", "Monocrystalline, 36 cells"],
      ["Voltage", "18V (for 12V batteries)"],
      ["Size", "1480 x 670 x 30 mm"],
      ["Weight", "9 kg"],
    ),
    images: img("panels"),
    supplier: SUPPLIERS.ibadan,
    variants: [
      { sku: "MONO-150W", name: "150W", priceKobo: 6_200_000, onHand: 4 },
      { sku: "MONO-100W", name: "100W", priceKobo: 4_600_000, onHand: 30 },
    ],
  },
  {
    slug: "flexible-mono-200w-panel",
    name: "Flexible Mono 200W Panel",
    category: "panels",
    brand: "Zavolah",
    description:
      "Bends up to 30 degrees to follow a curved roof, a bus roof or a boat canopy. Glued or screwed, it weighs a fifth of a glass panel.",
    specs: specs(["Cell type", "Monocrystalline, flexible"], ["Bend", "Up to 30 degrees"], ["Weight", "3.8 kg"], ["Thickness", "2.5 mm"]),
    images: img("panel-poly", "panels"),
    supplier: SUPPLIERS.alaba,
    variants: [{ sku: "FLEX-MONO-200W", name: "200W", priceKobo: 11_800_000, onHand: 0 }],
  },

  // Inverters and controllers
  {
    slug: "growatt-spf-5000es-inverter",
    name: "Growatt SPF 5000ES 5kW Off-Grid Inverter",
    category: "inverters",
    brand: "Growatt",
    description:
      "Off-grid inverter that runs with or without a battery, with a 100A MPPT charger and Wi-Fi monitoring. Parallel up to six units for bigger loads.",
    specs: specs(
      ["Rated power", "5kW"],
      ["Battery voltage", "48V (lithium or lead-acid)"],
      ["Solar input", "MPPT 100A, 120-430V"],
      ["Parallel", "Up to 6 units"],
      ["Monitoring", "Wi-Fi (ShinePhone app)"],
    ),
    images: img("inverters", "inverter-wall"),
    supplier: SUPPLIERS.alaba,
    variants: [{ sku: "GROWATT-SPF-5000ES", name: "Standard", priceKobo: 89_000_000, onHand: 14 }],
  },
  {
    slug: "felicity-ivem-2-4kva-inverter",
    name: "Felicity IVEM 2.4kVA Hybrid Inverter",
    category: "inverters",
    brand: "Felicity Solar",
    description:
      "A 24V hybrid inverter made for Nigerian homes: charges from solar, NEPA and generator, and takes both lithium and tubular batteries.",
    specs: specs(
      ["Rated power", "2.4kVA / 1.9kW"],
      ["Battery voltage", "24V"],
      ["Solar input", "MPPT 80A"],
      ["Transfer time", "Under 10 ms"],
    ),
    images: img("inverters"),
    supplier: SUPPLIERS.ibadan,
    variants: [{ sku: "FELICITY-IVEM-2-4KVA", name: "Standard", priceKobo: 42_000_000, onHand: 22 }],
  },
  {
    slug: "deye-8kw-hybrid-inverter",
    name: "Deye 8kW Hybrid Inverter",
    category: "inverters",
    brand: "Deye",
    description:
      "Split-phase hybrid inverter with two MPPT inputs: panels on two roof faces, generator start, and time-of-use charging for estates with prepaid meters.",
    specs: specs(
      ["Rated power", "8kW"],
      ["Battery voltage", "48V lithium"],
      ["Solar input", "2 MPPT, up to 10.4kW"],
      ["Generator", "Auto-start signal"],
      ["Warranty", "5 years"],
    ),
    images: img("inverter-wall", "inverters"),
    supplier: SUPPLIERS.lagos,
    maxPerOrder: 4,
    variants: [{ sku: "DEYE-8KW-HYBRID", name: "Standard", priceKobo: 195_000_000, onHand: 5 }],
  },
  {
    slug: "luminous-1-5kva-inverter",
    name: "Luminous 1.5kVA Pure Sine Wave Inverter",
    category: "inverters",
    brand: "Luminous",
    description:
      "Quiet 12V backup inverter for lights, fans and a TV. Pair it with a tubular battery to sit out outages, or add a charge controller for solar.",
    specs: specs(
      ["Rated power", "1.5kVA / 1.2kW"],
      ["Battery voltage", "12V"],
      ["Waveform", "Pure sine wave"],
      ["Charging", "From grid or generator"],
    ),
    images: img("inverters"),
    supplier: SUPPLIERS.kano,
    variants: [{ sku: "LUMINOUS-1-5KVA", name: "Standard", priceKobo: 21_500_000, onHand: 3 }],
  },
  {
    slug: "mppt-solar-charge-controller",
    name: "MPPT Solar Charge Controller",
    category: "inverters",
    brand: "Felicity Solar",
    description:
      "Adds solar to an inverter that has none: tracks the panels' best voltage and charges 12, 24 or 48V batteries up to 30% faster than a PWM controller.",
    specs: specs(
      ["Battery voltage", "12/24/48V auto"],
      ["Max solar input", "150V"],
      ["Display", "LCD with load timer"],
      ["Protection", "Reverse polarity, over-temperature"],
    ),
    images: img("charge-controller"),
    supplier: SUPPLIERS.ibadan,
    variants: [
      { sku: "MPPT-40A", name: "40A", priceKobo: 9_500_000, onHand: 26 },
      { sku: "MPPT-60A", name: "60A", priceKobo: 14_500_000, onHand: 11 },
      { sku: "MPPT-80A", name: "80A", priceKobo: 18_900_000, onHand: 0 },
    ],
  },

  // Batteries
  {
    slug: "tubular-battery-200ah",
    name: "Tall Tubular Deep-Cycle Battery",
    category: "batteries",
    brand: "Luminous",
    description:
      "Lead-acid tall tubular battery built for daily deep cycling and long outages. Top up with distilled water every three months.",
    specs: specs(
      ["Voltage", "12V"],
      ["Chemistry", "Flooded lead-acid, tall tubular plates"],
      ["Cycle life", "About 1,500 cycles at 80% depth"],
      ["Maintenance", "Distilled water every 3 months"],
      ["Warranty", "3 years (18 months full replacement)"],
    ),
    images: img("battery-tubular"),
    supplier: SUPPLIERS.kano,
    maxPerOrder: 16,
    variants: [
      { sku: "TUBULAR-150AH", name: "150Ah", priceKobo: 31_000_000, onHand: 24 },
      { sku: "TUBULAR-200AH", name: "200Ah", priceKobo: 38_500_000, onHand: 33 },
      { sku: "TUBULAR-220AH", name: "220Ah", priceKobo: 42_000_000, onHand: 2 },
    ],
  },
  {
    slug: "lithium-12v-lifepo4-battery",
    name: "12.8V LiFePO4 Lithium Battery",
    category: "batteries",
    brand: "Felicity Solar",
    description: "Drop-in lithium replacement for 12V lead-acid batteries: half the weight, four times the cycles, and no water to top up.",
    specs: specs(
      ["Voltage", "12.8V"],
      ["Chemistry", "LiFePO4 with built-in BMS"],
      ["Cycle life", "4,000 cycles at 80% depth"],
      ["Weight", "11 kg (100Ah), 21 kg (200Ah)"],
      ["Warranty", "3 years"],
    ),
    images: img("batteries"),
    supplier: SUPPLIERS.ibadan,
    maxPerOrder: 16,
    variants: [
      { sku: "LIFEPO4-12V-100AH", name: "100Ah", priceKobo: 52_000_000, onHand: 17 },
      { sku: "LIFEPO4-12V-200AH", name: "200Ah", priceKobo: 96_000_000, onHand: 5 },
    ],
  },
  {
    slug: "agm-gel-battery",
    name: "AGM Gel Solar Battery",
    category: "batteries",
    brand: "Ritar",
    description:
      "Sealed maintenance-free gel battery: no water, no fumes, safe indoors. A good fit for inverters in flats without a balcony.",
    specs: specs(
      ["Voltage", "12V"],
      ["Chemistry", "Sealed AGM gel"],
      ["Cycle life", "About 800 cycles at 50% depth"],
      ["Maintenance", "None"],
    ),
    images: img("battery-tubular", "batteries"),
    supplier: SUPPLIERS.alaba,
    maxPerOrder: 16,
    variants: [
      { sku: "AGM-GEL-100AH", name: "100Ah", priceKobo: 16_500_000, onHand: 40 },
      { sku: "AGM-GEL-200AH", name: "200Ah", priceKobo: 29_500_000, onHand: 21 },
    ],
  },
  {
    slug: "pylontech-us3000c-battery",
    name: "Pylontech US3000C 3.5kWh Battery Module",
    category: "batteries",
    brand: "Pylontech",
    description:
      "Stackable 48V lithium module that talks to Growatt, Deye and Victron inverters. Start with one and add modules as your load grows.",
    specs: specs(
      ["Capacity", "3.5kWh"],
      ["Voltage", "48V"],
      ["Chemistry", "LiFePO4"],
      ["Expansion", "Up to 16 modules in parallel"],
      ["Communication", "CAN and RS485"],
      ["Warranty", "10 years"],
    ),
    images: img("battery-rack", "batteries"),
    supplier: SUPPLIERS.lagos,
    maxPerOrder: 8,
    variants: [{ sku: "PYLONTECH-US3000C", name: "Standard", priceKobo: 125_000_000, onHand: 3 }],
  },
  {
    slug: "lithium-rack-battery-15kwh",
    name: "15kWh Lithium Rack Battery Bank",
    category: "batteries",
    brand: "Zavolah",
    description:
      "Cabinet of lithium modules for 8kVA and 10kVA systems: one battery bank for a clinic, school or office, with a single breaker and display.",
    specs: specs(
      ["Capacity", "15kWh (3 x 5kWh)"],
      ["Voltage", "51.2V"],
      ["Cabinet", "Lockable steel, castors"],
      ["Cycle life", "6,000 cycles"],
      ["Warranty", "5 years"],
    ),
    images: img("battery-rack"),
    supplier: SUPPLIERS.lagos,
    maxPerOrder: 1,
    lowStockThreshold: 2,
    variants: [{ sku: "LITHIUM-RACK-15KWH", name: "Standard", priceKobo: 780_000_000, onHand: 1 }],
  },

  // Lighting
  {
    slug: "solar-flood-light-200w",
    name: "Solar Flood Light with Remote",
    category: "lighting",
    brand: "Zavolah",
    description:
      "Bright flood light for a gate, car park or church compound, with a separate panel on a 5 m cable and a remote to set the timer.",
    specs: specs(
      ["Panel", "Separate, 5 m cable"],
      ["Control", "Remote with timer and dimmer"],
      ["Runtime", "12 hours on a full charge"],
      ["Rating", "IP66"],
    ),
    images: img("flood-light"),
    supplier: SUPPLIERS.kano,
    variants: [
      { sku: "FLOOD-LIGHT-100W", name: "100W", priceKobo: 2_850_000, onHand: 45 },
      { sku: "FLOOD-LIGHT-200W", name: "200W", priceKobo: 4_800_000, onHand: 38 },
    ],
  },
  {
    slug: "solar-security-light-motion-sensor",
    name: "Solar Security Light with Motion Sensor",
    category: "lighting",
    brand: "Zavolah",
    description:
      "Wall light that turns full on when someone walks past and dims when they leave. No wiring: screw it to the wall facing the sun.",
    specs: specs(
      ["Sensor", "PIR, 8 m range"],
      ["Modes", "3 (dim, sensor, always on)"],
      ["Battery", "Lithium, 2,400 mAh"],
      ["Rating", "IP65"],
    ),
    images: img("flood-light"),
    supplier: SUPPLIERS.alaba,
    maxPerOrder: 20,
    variants: [{ sku: "SECURITY-LIGHT-PIR", name: "Standard", priceKobo: 2_250_000, onHand: 110 }],
  },
  {
    slug: "rechargeable-solar-lantern",
    name: "Rechargeable Solar Lantern",
    category: "lighting",
    brand: "Zavolah",
    description: "Carry-anywhere lantern with a USB port to charge a phone: for reading, night markets and the walk to the gate.",
    specs: specs(["Light", "300 lumens, 3 levels"], ["Charging", "Built-in panel or USB"], ["Runtime", "Up to 24 hours on low"]),
    images: img("lantern"),
    supplier: SUPPLIERS.kano,
    maxPerOrder: 20,
    variants: [{ sku: "SOLAR-LANTERN", name: "Standard", priceKobo: 1_250_000, onHand: 0 }],
  },
  {
    slug: "solar-garden-bollard-lights",
    name: "Solar Garden Bollard Lights (Set of 4)",
    category: "lighting",
    brand: "Zavolah",
    description:
      "Warm-white path lights for a driveway or garden. Push into soil or bolt to concrete; they switch on at dusk by themselves.",
    specs: specs(["Set", "4 lights"], ["Height", "60 cm"], ["Light", "Warm white, 8 hours"], ["Body", "Aluminium, powder-coated"]),
    images: img("bollard"),
    supplier: SUPPLIERS.ibadan,
    variants: [{ sku: "BOLLARD-SET-4", name: "Set of 4", priceKobo: 3_600_000, onHand: 27 }],
  },

  // Smart furniture
  {
    slug: "sofa-bed-with-storage",
    name: "Sofa Bed with Under-Seat Storage",
    category: "smart-furniture",
    brand: "Zavolah",
    description:
      "A sofa by day, a double bed for guests by night, and a chest for duvets and pillows under the seat. Pulls out in one movement.",
    specs: specs(
      ["Sleeps", "2 (4 x 6 ft)"],
      ["Storage", "Under-seat chest, 300 litres"],
      ["Frame", "Hardwood with steel mechanism"],
      ["Size", "1900 x 900 x 850 mm"],
    ),
    images: img("sofa-split", "smart-furniture"),
    supplier: SUPPLIERS.woodworks,
    maxPerOrder: 3,
    variants: [
      { sku: "SOFA-BED-CHARCOAL", name: "Charcoal", priceKobo: 64_000_000, onHand: 6 },
      { sku: "SOFA-BED-MUSTARD", name: "Mustard", priceKobo: 64_000_000, onHand: 3 },
    ],
  },
  {
    slug: "wall-mounted-folding-dining-table",
    name: "Wall-Mounted Folding Dining Table",
    category: "smart-furniture",
    brand: "Zavolah",
    description:
      "Seats four at dinner and folds flat against the wall to a 12 cm shelf. Comes with two stools that stack inside the frame.",
    specs: specs(["Seats", "4"], ["Open size", "1200 x 700 mm"], ["Folded depth", "12 cm"], ["Includes", "2 stacking stools"]),
    images: img("folding-table"),
    supplier: SUPPLIERS.osogbo,
    maxPerOrder: 3,
    variants: [{ sku: "FOLDING-DINING-TABLE", name: "Standard", priceKobo: 28_500_000, onHand: 9 }],
  },
  {
    slug: "storage-ottoman-wireless-charger",
    name: "Storage Ottoman with Wireless Charger",
    category: "smart-furniture",
    brand: "Zavolah",
    description: "Footrest, seat and toy box in one, with a Qi wireless charging pad in the lid and a USB port at the side.",
    specs: specs(
      ["Charging", "Qi 15W pad and USB-A"],
      ["Storage", "60 litres"],
      ["Size", "600 x 400 x 420 mm"],
      ["Power", "Plugs into any socket or a solar system"],
    ),
    images: img("storage-ottoman"),
    supplier: SUPPLIERS.osogbo,
    variants: [
      { sku: "OTTOMAN-FOREST", name: "Forest green", priceKobo: 9_500_000, onHand: 20 },
      { sku: "OTTOMAN-SAND", name: "Sand", priceKobo: 9_500_000, onHand: 12 },
      { sku: "OTTOMAN-ORANGE", name: "Burnt orange", priceKobo: 9_500_000, onHand: 1 },
    ],
  },
  {
    slug: "lift-top-smart-coffee-table",
    name: "Lift-Top Smart Coffee Table",
    category: "smart-furniture",
    brand: "Zavolah",
    description:
      "The top lifts to dining height for eating or working from the sofa. Hidden compartment, Bluetooth speaker and charging ports built in.",
    specs: specs(
      ["Top", "Lifts from 45 to 65 cm"],
      ["Audio", "Bluetooth 5.0 speaker"],
      ["Charging", "2 USB-A, 1 USB-C, 1 socket"],
      ["Size", "1100 x 550 mm"],
    ),
    images: img("coffee-table"),
    supplier: SUPPLIERS.woodworks,
    maxPerOrder: 3,
    variants: [{ sku: "LIFT-TOP-COFFEE-TABLE", name: "Standard", priceKobo: 42_000_000, onHand: 11 }],
  },
  {
    slug: "bunk-bed-with-storage-stairs",
    name: "Bunk Bed with Storage Stairs",
    category: "smart-furniture",
    brand: "Zavolah",
    description:
      "Two beds in the floor space of one, with drawers built into the stairs and a reading light with USB charging for each bunk.",
    specs: specs(
      ["Mattress size", "2 x 3.5 x 6 ft (mattresses not included)"],
      ["Storage", "4 stair drawers"],
      ["Lights", "2 LED reading lights with USB"],
      ["Safety", "Full-length guard rail"],
    ),
    images: img("bunk-bed"),
    supplier: SUPPLIERS.woodworks,
    maxPerOrder: 2,
    variants: [{ sku: "BUNK-BED-STAIRS", name: "Standard", priceKobo: 76_000_000, onHand: 4 }],
  },
  {
    slug: "foldable-study-desk",
    name: "Foldable Wall Study Desk",
    category: "smart-furniture",
    brand: "Zavolah",
    description: "A desk for homework or a laptop that folds up into a slim cabinet with shelves, in rooms where every centimetre counts.",
    specs: specs(
      ["Open size", "800 x 500 mm"],
      ["Folded depth", "18 cm"],
      ["Shelves", "3 inside the cabinet"],
      ["Finish", "White with oak edge"],
    ),
    images: img("folding-table", "wall-bed"),
    supplier: SUPPLIERS.osogbo,
    variants: [{ sku: "FOLDABLE-STUDY-DESK", name: "Standard", priceKobo: 6_800_000, onHand: 16 }],
  },
];
