// Draws the demo marketplace listings' photos (flat illustrations, like the store's) and renders each to the two
// WebP sizes a listing photo is stored in (480 and 1200 px wide), under public/images/marketplace/.
// Run after editing a drawing: node scripts/dev/render-marketplace-images.mjs
import sharp from "sharp";

const bg = (a, b) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="800" height="600" fill="url(#bg)"/>`;
const floor = (c = "#d6b48a") => `<rect y="470" width="800" height="130" fill="${c}"/>`;
const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">${body}</svg>`;

/** Room plan lines for the floor-plan drawings: [x, y, w, h, label]. */
const plan = (rooms, title) =>
  svg(
    `<rect width="800" height="600" fill="#f8fafc"/>` +
      `<rect x="60" y="60" width="680" height="440" fill="#fff" stroke="#0f172a" stroke-width="10"/>` +
      rooms
        .map(
          ([x, y, w, h, label]) =>
            `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#0f172a" stroke-width="5"/><text x="${x + w / 2}" y="${y + h / 2}" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#334155">${label}</text>`,
        )
        .join("") +
      `<text x="400" y="550" font-family="sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#15803d">${title}</text>` +
      `<path d="M700 80 l20 -20 M700 80 l-20 -20" stroke="#f97316" stroke-width="4"/>`,
  );

const DRAWINGS = {
  "sofa-bed-iroko": svg(
    bg("#f0fdf4", "#fff7ed") +
      floor() +
      `<rect x="130" y="250" width="540" height="150" rx="24" fill="#92400e"/><rect x="150" y="200" width="500" height="90" rx="20" fill="#b45309"/>` +
      `<rect x="170" y="300" width="220" height="70" rx="14" fill="#f59e0b"/><rect x="410" y="300" width="220" height="70" rx="14" fill="#f59e0b"/>` +
      `<rect x="110" y="230" width="50" height="170" rx="16" fill="#78350f"/><rect x="640" y="230" width="50" height="170" rx="16" fill="#78350f"/>` +
      `<path d="M170 400v68M630 400v68" stroke="#422006" stroke-width="14" stroke-linecap="round"/>`,
  ),
  "sofa-bed-iroko-open": svg(
    bg("#f0fdf4", "#fff7ed") +
      floor() +
      `<rect x="90" y="300" width="620" height="110" rx="16" fill="#92400e"/><rect x="110" y="280" width="580" height="50" rx="12" fill="#fde68a"/>` +
      `<rect x="130" y="250" width="140" height="40" rx="14" fill="#fff"/><rect x="290" y="250" width="140" height="40" rx="14" fill="#fff"/>` +
      `<path d="M120 410v58M680 410v58" stroke="#422006" stroke-width="14" stroke-linecap="round"/>`,
  ),
  "fold-down-desk": svg(
    bg("#eff6ff", "#f0fdf4") +
      floor("#cbd5e1") +
      `<rect x="250" y="90" width="300" height="300" rx="8" fill="#a16207"/><rect x="270" y="110" width="260" height="110" rx="4" fill="#78350f"/>` +
      `<rect x="290" y="130" width="60" height="70" fill="#fde68a"/><rect x="370" y="150" width="40" height="50" fill="#38bdf8"/>` +
      `<rect x="230" y="260" width="340" height="22" rx="4" fill="#b45309"/><rect x="330" y="215" width="140" height="45" rx="4" fill="#1e293b"/>` +
      `<path d="M250 282 L300 360 M550 282 L500 360" stroke="#334155" stroke-width="8"/>`,
  ),
  "storage-bed": svg(
    bg("#fdf4ff", "#fff7ed") +
      floor() +
      `<rect x="100" y="170" width="60" height="260" rx="10" fill="#78350f"/><rect x="140" y="300" width="560" height="110" rx="10" fill="#92400e"/>` +
      `<rect x="150" y="230" width="540" height="80" rx="14" fill="#e2e8f0" transform="rotate(-12 150 310)"/>` +
      `<rect x="170" y="320" width="500" height="70" rx="6" fill="#78350f"/><path d="M260 330 L300 260 M560 330 L600 250" stroke="#475569" stroke-width="8"/>` +
      `<rect x="200" y="335" width="120" height="40" rx="4" fill="#fbbf24"/><rect x="350" y="335" width="120" height="40" rx="4" fill="#60a5fa"/>`,
  ),
  "bamboo-pendant": svg(
    bg("#fefce8", "#f0fdf4") +
      `<path d="M250 0v170M400 0v120M550 0v200" stroke="#334155" stroke-width="4"/>` +
      `<path d="M190 170 h120 l30 90 h-180z" fill="#ca8a04"/><path d="M345 120 h110 l25 80 h-160z" fill="#a16207"/><path d="M490 200 h120 l30 90 h-180z" fill="#ca8a04"/>` +
      `<circle cx="250" cy="280" r="22" fill="#fde047"/><circle cx="400" cy="215" r="20" fill="#fde047"/><circle cx="550" cy="310" r="22" fill="#fde047"/>` +
      floor("#e7e5e4"),
  ),
  "three-bedroom-bungalow": plan(
    [
      [60, 60, 240, 200, "Bedroom 1"],
      [300, 60, 200, 200, "Bedroom 2"],
      [500, 60, 240, 200, "Master bedroom"],
      [60, 260, 340, 240, "Living and dining"],
      [400, 260, 180, 240, "Kitchen"],
      [580, 260, 160, 120, "Bath"],
      [580, 380, 160, 120, "Store"],
    ],
    "3-bedroom bungalow · 142 m² · solar-ready roof",
  ),
  "three-bedroom-bungalow-elevation": svg(
    bg("#e0f2fe", "#f8fafc") +
      floor("#86efac") +
      `<rect x="140" y="260" width="520" height="210" fill="#f5f5f4" stroke="#0f172a" stroke-width="4"/>` +
      `<path d="M110 270 L400 120 L690 270z" fill="#475569"/>` +
      `<g fill="#1d4ed8" transform="translate(425 142) rotate(27.3)">${[0, 1, 2, 3].map((i) => `<rect x="${i * 58}" y="6" width="52" height="34" stroke="#bfdbfe" stroke-width="2"/>`).join("")}</g>` +
      `<rect x="360" y="360" width="80" height="110" fill="#92400e"/><rect x="190" y="320" width="110" height="80" fill="#7dd3fc"/><rect x="500" y="320" width="110" height="80" fill="#7dd3fc"/>`,
  ),
  "two-bedroom-terrace": plan(
    [
      [60, 60, 300, 220, "Bedroom 1 (en suite)"],
      [360, 60, 200, 220, "Bedroom 2"],
      [560, 60, 180, 220, "Bath"],
      [60, 280, 420, 220, "Living room"],
      [480, 280, 260, 220, "Kitchen and laundry"],
    ],
    "2-bedroom terrace · 50 × 100 ft plot",
  ),
};

for (const [name, drawing] of Object.entries(DRAWINGS)) {
  const input = Buffer.from(drawing);
  await sharp(input, { density: 144 }).resize({ width: 1200 }).webp({ quality: 78 }).toFile(`public/images/marketplace/${name}-1200.webp`);
  await sharp(input, { density: 72 }).resize({ width: 480 }).webp({ quality: 72 }).toFile(`public/images/marketplace/${name}-480.webp`);
}
console.log(`Rendered ${Object.keys(DRAWINGS).length} drawings.`);
