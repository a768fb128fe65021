// The store's product pictures: project SVGs in public/images/products, all drawn at 640 x 480.
// Products store only paths; the words a screen reader hears come from here.

export const PRODUCT_IMAGE_SIZE = { width: 640, height: 480 } as const;

const LABELS: Record<string, string> = {
  "solar-systems": "A house with solar panels on the roof and an inverter beside it",
  "solar-system-kit": "Solar panel, inverter and lithium battery wired together",
  "panel-roof": "Three solar panels mounted on a sloping roof",
  panels: "A monocrystalline solar panel, front view",
  "panel-poly": "A blue polycrystalline solar panel",
  inverters: "An inverter with its display and status lights",
  "inverter-wall": "An inverter and a lithium battery mounted on a wall",
  "charge-controller": "A solar charge controller with its voltage display",
  batteries: "A wall-mounted lithium battery showing 92 percent charge",
  "battery-rack": "A cabinet of three lithium battery modules",
  "battery-tubular": "A tall tubular lead-acid battery",
  lighting: "A solar street light on a pole at night",
  "flood-light": "A solar flood light on a pole with its separate panel",
  "lighting-kit": "A small solar panel, battery box and four bulbs",
  lantern: "A solar lantern with a handle",
  "smart-furniture": "A green modular three-seater sofa",
  "storage-ottoman": "A storage ottoman charging a phone on its lid",
  "wall-bed": "A fold-away wall bed with a desk across it",
  "folding-table": "A wall-mounted folding table with shelves and two stools",
  "bunk-bed": "A bunk bed with storage drawers in its stairs",
  "sofa-split": "A sofa pulled apart into two chairs and an ottoman",
  bollard: "Four solar bollard lights along a path at night",
  "home-charger": "A wall-mounted ZavCharge home charger with its cable, beside a solar panel",
  "coffee-table": "A coffee table with its top lifted, a built-in speaker and a laptop on it",
};

/** What a product picture shows, for its alt text; a path we do not know falls back to the product's name. */
export function productImageLabel(path: string, productName: string): string {
  const name = /\/([a-z0-9-]+)\.svg$/.exec(path)?.[1];
  return (name && LABELS[name]) || productName;
}
