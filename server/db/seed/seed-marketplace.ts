import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { count, eq } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { users } from "../../auth/schema";
import { env } from "../../env";
import {
  marketplaceDesignFiles,
  marketplaceListingPhotos,
  marketplaceListings,
  sellerApplications,
  sellers,
} from "../../marketplace/schema";
import { getDb } from "../client";

// The demo seller and architect (docs/product/marketplace.md), approved, with their stores. Idempotent.
const DEMO_SELLERS = [
  {
    email: "seller@zavolah.ng",
    kind: "seller",
    slug: "musa-crafted-furniture",
    displayName: "Musa Crafted Furniture",
    bio: "Solid-wood sofa beds, wall-mounted desks and storage beds made in our Kano workshop since 2014. Every piece is finished by hand and built for small city flats.",
    category: "Smart furniture",
    phone: "+2347014567890",
    pickupState: "Kano",
    pickupLga: "Nassarawa",
    bankCode: "057",
    accountNumber: "2081234567",
    accountName: "MUSA CRAFTED FURNITURE",
  },
  {
    email: "architect@zavolah.ng",
    kind: "architect",
    slug: "bello-design-studio",
    displayName: "Bello Design Studio",
    bio: "Floor plans and interiors for compact homes in Abuja and Lagos: two- and three-bedroom plans drawn for solar-ready roofs and cross ventilation.",
    category: "Architecture and floor plans",
    phone: "+2348137890123",
    pickupState: "Federal Capital Territory",
    pickupLga: "Abuja Municipal",
    bankCode: "058",
    accountNumber: "0123456789",
    accountName: "ZAINAB BELLO",
  },
] as const;

export async function seedMarketplace() {
  const db = getDb();
  for (const demo of DEMO_SELLERS) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (!user) continue;
    const [existing] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, user.id));
    if (existing) continue;
    const { email: _email, slug, displayName, ...details } = demo;
    const account = {
      bankCode: details.bankCode,
      accountNumber: details.accountNumber,
      accountName: details.accountName,
      accountVerified: true,
    };
    await db.transaction(async (tx) => {
      const [application] = await tx
        .insert(sellerApplications)
        .values({ ...details, ...account, userId: user.id, businessName: displayName, status: "approved", reviewedAt: new Date() })
        .returning({ id: sellerApplications.id });
      await tx.insert(sellers).values({ ...details, ...account, userId: user.id, applicationId: application!.id, slug, displayName });
    });
  }
}

type TDemoListing = {
  seller: string;
  slug: string;
  kind: "product" | "design";
  title: string;
  description: string;
  category: string;
  priceKobo: number;
  stock?: number;
  leadTimeDays?: number;
  delivery?: "pickup" | "delivery" | "both";
  status: "published" | "pending";
  /** Drawings under public/images/marketplace (scripts/dev/render-marketplace-images.mjs). */
  photos: string[];
  /** A design's sheets: one page each of the generated PDF. */
  sheets?: string[];
};

const DEMO_LISTINGS: TDemoListing[] = [
  {
    seller: "musa-crafted-furniture",
    slug: "convertible-sofa-bed-in-iroko-4f2a9c",
    kind: "product",
    title: "Convertible sofa bed in iroko",
    description:
      "A three-seater sofa that opens into a 4.5 x 6 ft bed in one pull. Solid iroko frame, high-density foam cushions in washable cotton covers (mustard or olive), and a storage drawer for the bedding.\n\nWidth 210 cm, depth 90 cm (200 cm open), seat height 45 cm. Made to order in our Kano workshop.",
    category: "Smart furniture",
    priceKobo: 385_000_00,
    stock: 4,
    leadTimeDays: 10,
    delivery: "both",
    status: "published",
    photos: ["sofa-bed-iroko", "sofa-bed-iroko-open"],
  },
  {
    seller: "musa-crafted-furniture",
    slug: "wall-mounted-fold-down-desk-7b31d0",
    kind: "product",
    title: "Wall-mounted fold-down desk",
    description:
      "A desk that folds flat against the wall when work is done: 100 x 50 cm writing surface, shelves for books and a router inside the cabinet, soft-close stays. Mahogany veneer on marine plywood. Wall plugs and screws included.",
    category: "Smart furniture",
    priceKobo: 142_000_00,
    stock: 9,
    leadTimeDays: 5,
    delivery: "delivery",
    status: "published",
    photos: ["fold-down-desk"],
  },
  {
    seller: "musa-crafted-furniture",
    slug: "storage-bed-with-hydraulic-lift-6x6-c85e12",
    kind: "product",
    title: "Storage bed with hydraulic lift, 6x6",
    description:
      "The whole base lifts on two gas struts to a storage space of 1.4 cubic metres: room for suitcases, bedding and the generator's spare parts. Padded headboard, slatted base for a 6x6 mattress (not included).",
    category: "Home and office furniture",
    priceKobo: 465_000_00,
    stock: 2,
    leadTimeDays: 14,
    delivery: "both",
    status: "published",
    photos: ["storage-bed"],
  },
  {
    seller: "musa-crafted-furniture",
    slug: "bamboo-pendant-lamp-set-of-three-2d9f47",
    kind: "product",
    title: "Bamboo pendant lamp set of three",
    description:
      "Three woven bamboo shades on 1.2 m black cords, for a dining table or a shop counter. Each takes an E27 bulb; pairs well with our 9 W solar-ready LED bulbs.",
    category: "Lighting",
    priceKobo: 58_500_00,
    stock: 12,
    leadTimeDays: 3,
    delivery: "delivery",
    status: "pending",
    photos: ["bamboo-pendant"],
  },
  {
    seller: "bello-design-studio",
    slug: "three-bedroom-bungalow-plan-solar-ready-roof-91ac3e",
    kind: "design",
    title: "Three-bedroom bungalow plan, solar-ready roof",
    description:
      "A 142 m² bungalow for a 50 x 100 ft plot: three bedrooms (master en suite), open living and dining, kitchen with store. The south-facing roof slope takes 12 panels of 550 W, with the inverter room beside the kitchen.\n\nYou download: floor plan, roof plan with panel layout, front and side elevations (PDF, A3).",
    category: "Architecture and floor plans",
    priceKobo: 180_000_00,
    status: "published",
    photos: ["three-bedroom-bungalow", "three-bedroom-bungalow-elevation"],
    sheets: ["Floor plan", "Roof plan and panel layout", "Front elevation", "Side elevation"],
  },
  {
    seller: "bello-design-studio",
    slug: "two-bedroom-terrace-plan-for-a-50x100-plot-5e07b8",
    kind: "design",
    title: "Two-bedroom terrace plan for a 50x100 plot",
    description:
      "Two two-bedroom terrace units side by side on one 50 x 100 ft plot, each with an en suite, a through living room for cross ventilation and a kitchen with laundry. Built with 9-inch blocks; lintel and beam schedule included.\n\nYou download: floor plan, elevations and the block-work schedule (PDF, A3).",
    category: "Architecture and floor plans",
    priceKobo: 125_000_00,
    status: "published",
    photos: ["two-bedroom-terrace"],
    sheets: ["Floor plan", "Elevations", "Block-work schedule"],
  },
];

/** A design's sheets as a small PDF, kept where design files live (server/marketplace/listing-media.ts). */
async function writeDesignPdf(title: string, sheets: string[]): Promise<{ storedName: string; bytes: number }> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const sheet of sheets) {
    const page = pdf.addPage([1191, 842]);
    page.drawRectangle({ x: 40, y: 40, width: 1111, height: 762, borderColor: rgb(0.06, 0.09, 0.16), borderWidth: 4 });
    page.drawText(`${title}: ${sheet}`, { x: 60, y: 70, size: 18, font, color: rgb(0.08, 0.5, 0.24) });
    page.drawText("Bello Design Studio, Abuja", { x: 60, y: 48, size: 11, font });
  }
  const bytes = await pdf.save();
  const storedName = `${randomUUID()}.pdf`;
  const dir = resolve(env.DATA_DIR, "marketplace", "designs");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, storedName), bytes);
  return { storedName, bytes: bytes.length };
}

/** The demo stores' listings, once per store (a store with listings is left as it is). */
export async function seedMarketplaceListings() {
  const db = getDb();
  const now = Date.now();
  for (const [i, demo] of DEMO_LISTINGS.entries()) {
    const [seller] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.slug, demo.seller));
    if (!seller) continue;
    const [existing] = await db.select({ n: count() }).from(marketplaceListings).where(eq(marketplaceListings.slug, demo.slug));
    if (existing?.n) continue;
    const file = demo.sheets ? await writeDesignPdf(demo.title, demo.sheets) : null;
    const at = new Date(now - (DEMO_LISTINGS.length - i) * 86_400_000);
    await db.transaction(async (tx) => {
      const [listing] = await tx
        .insert(marketplaceListings)
        .values({
          sellerId: seller.id,
          slug: demo.slug,
          kind: demo.kind,
          title: demo.title,
          description: demo.description,
          category: demo.category,
          priceKobo: demo.priceKobo,
          stock: demo.stock ?? null,
          leadTimeDays: demo.leadTimeDays ?? null,
          delivery: demo.delivery ?? null,
          status: demo.status,
          publishedAt: demo.status === "published" ? at : null,
          reviewedAt: demo.status === "published" ? at : null,
          submittedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: marketplaceListings.id });
      await tx.insert(marketplaceListingPhotos).values(
        demo.photos.map((name, position) => ({
          listingId: listing!.id,
          position,
          smallPath: `/images/marketplace/${name}-480.webp`,
          largePath: `/images/marketplace/${name}-1200.webp`,
          width: 1200,
          height: 900,
        })),
      );
      if (file)
        await tx.insert(marketplaceDesignFiles).values({
          listingId: listing!.id,
          fileName: `${demo.slug.replace(/-[0-9a-f]{6}$/, "")}.pdf`,
          storedName: file.storedName,
          fileType: "pdf",
          bytes: file.bytes,
        });
    });
  }
}
