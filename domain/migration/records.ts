import { COURSE_CATEGORIES, COURSE_LEVELS, type TCourseCategory, type TCourseLevel } from "../academy/academy";
import { MAX_COURSE_PRICE_NAIRA } from "../academy/course-authoring";
import { SLUG_PATTERN, slugify } from "../text/slug";
import { MAX_FILTER_NAIRA, PRODUCT_CATEGORIES, type TProductCategory } from "../catalog/catalog";
import { isEmailAddress, INVALID_EMAIL_FORMAT } from "../messaging/email-address";
import { formatKobo } from "../money/money";
import type { TOrderStatus, TPaymentMethod } from "../orders/order-status";
import {
  isRefusal,
  legacyDateToUtc,
  nairaToKobo,
  normaliseWord,
  orderStatusFromOldWord,
  paymentMethodFromOldWord,
  phoneToE164,
  wholeNumber,
  yesOrNo,
  type TConverted,
} from "./conversions";
import type { TColumnMapping, TMigrationKind } from "./migration";

// A file's rows as the records the migration imports (docs/product/data-migration.md), one kind at a time: each cell
// converted, each record keyed by the old system's id, a line that cannot be read refused with its reason, a record
// twice in the file refused the second time. An order is all the lines that carry its number. Pure: the dry run and the
// import read a file the same way. Dates are kept as ISO strings, so a record survives being stored as JSON.

export type TCustomerRecord = { oldId: string | null; email: string; name: string; phone: string | null; since: string | null };
export type TProductRecord = {
  sku: string;
  name: string;
  /** Null when the file names none: a new product's variant is "Standard", a known one keeps its name. */
  variant: string | null;
  category: TProductCategory;
  priceKobo: number;
  stock: number | null;
  description: string | null;
  brand: string | null;
  onSale: boolean | null;
};
export type TOrderLineRecord = { sku: string | null; name: string | null; quantity: number; unitPriceKobo: number };
export type TOrderRecord = {
  number: string;
  email: string;
  placedAt: string;
  status: Exclude<TOrderStatus, "pending_payment">;
  paymentMethod: TPaymentMethod;
  customerName: string | null;
  phone: string | null;
  address: string;
  city: string;
  state: string;
  lines: TOrderLineRecord[];
  subtotalKobo: number;
  deliveryKobo: number;
  vatKobo: number;
  totalKobo: number;
};
export type TCourseRecord = {
  oldId: string | null;
  slug: string;
  title: string;
  summary: string;
  description: string;
  category: TCourseCategory;
  level: TCourseLevel;
  durationWeeks: number;
  hoursPerWeek: number;
  priceKobo: number;
  instructor: string;
};
export type TRecordData = {
  customers: TCustomerRecord;
  products: TProductRecord;
  orders: TOrderRecord;
  courses: TCourseRecord;
};

/** One record of the file: its spreadsheet lines (the header is line 1), the old system's key and what it holds. */
export type TMigrationRecord<K extends TMigrationKind = TMigrationKind> = { lines: number[]; key: string; data: TRecordData[K] };
/** Lines refused before the database is asked: the value as typed and why. */
export type TRefusedRecord = { lines: number[]; key: string; value: string; reason: string };
export type TReadRecords<K extends TMigrationKind = TMigrationKind> = { records: TMigrationRecord<K>[]; refused: TRefusedRecord[] };

/** The hours a week a course gets when the file has none (staff correct it while the course is a draft). */
export const DEFAULT_HOURS_PER_WEEK = 4;
export const DEFAULT_INSTRUCTOR = "Zavolah Academy";

class LineRefused extends Error {
  constructor(
    readonly value: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The converted value, or the line is refused with the cell as typed and the reason. */
function take<T>(converted: TConverted<T>, cell: string): T {
  if (isRefusal(converted)) throw new LineRefused(cell, converted.reason);
  return converted.value;
}

function refuseLine(value: string, reason: string): never {
  throw new LineRefused(value, reason);
}

type TCells = (key: string) => string;

function cellsOf(row: string[], mapping: TColumnMapping): TCells {
  return (key) => {
    const i = mapping[key];
    return i === null || i === undefined ? "" : (row[i] ?? "").trim();
  };
}

function text(cell: string, label: string, max: number): string {
  if (cell.length > max) refuseLine(cell.slice(0, 60), `The ${label} is longer than ${max.toLocaleString("en-NG")} characters`);
  return cell;
}

function email(cell: string): string {
  const e = cell.replace(/^mailto:/i, "").toLowerCase();
  if (!isEmailAddress(e)) refuseLine(cell, INVALID_EMAIL_FORMAT);
  return e;
}

/** A label, key or common other word for one of our categories; null when none fits. */
function categoryOf<K extends string>(cell: string, labels: Record<K, string>, others: Record<string, K>): K | null {
  const word = normaliseWord(cell);
  const singular = word.replace(/s$/, "");
  for (const [key, label] of Object.entries(labels) as [K, string][]) {
    const l = normaliseWord(label);
    const k = normaliseWord(key);
    if ([l, k].some((n) => n === word || n.replace(/s$/, "") === singular)) return key;
  }
  return others[word] ?? others[singular] ?? null;
}

const PRODUCT_CATEGORY_WORDS: Record<string, TProductCategory> = {
  "solar system": "solar-systems",
  "solar kit": "solar-systems",
  "solar panel": "panels",
  panel: "panels",
  inverter: "inverters",
  battery: "batteries",
  light: "lighting",
  "solar light": "lighting",
  "street light": "lighting",
  furniture: "smart-furniture",
};
const COURSE_CATEGORY_WORDS: Record<string, TCourseCategory> = {
  "solar installation": "solar",
  solar: "solar",
  "energy storage": "storage",
  battery: "storage",
  batterie: "storage",
  "smart furniture": "furniture",
  "ev charging": "ev",
  "electric vehicle": "ev",
  ev: "ev",
  business: "business",
  sales: "business",
  "business and sale": "business",
};
const LEVEL_WORDS: Record<string, TCourseLevel> = {
  beginner: "beginner",
  basic: "beginner",
  introductory: "beginner",
  intro: "beginner",
  foundation: "beginner",
  entry: "beginner",
  "entry level": "beginner",
  intermediate: "intermediate",
  medium: "intermediate",
  advanced: "advanced",
  expert: "advanced",
  professional: "advanced",
};

/** Reads each body row (header first in `rows`) into one record or a refusal, and refuses the second of a key. */
function readEach<K extends TMigrationKind>(
  rows: string[][],
  mapping: TColumnMapping,
  read: (cell: TCells) => { key: string; also?: string; data: TRecordData[K] },
  twiceReason: string,
): TReadRecords<K> {
  const records: TMigrationRecord<K>[] = [];
  const refused: TRefusedRecord[] = [];
  const firstLineOf = new Map<string, number>();
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    const cell = cellsOf(row, mapping);
    try {
      const found = read(cell);
      const earlier = firstLineOf.get(found.key) ?? (found.also ? firstLineOf.get(found.also) : undefined);
      if (earlier !== undefined) refuseLine(found.key, `${twiceReason} as line ${earlier}`);
      firstLineOf.set(found.key, line);
      if (found.also) firstLineOf.set(found.also, line);
      records.push({ lines: [line], key: found.key, data: found.data });
    } catch (e) {
      if (!(e instanceof LineRefused)) throw e;
      refused.push({
        lines: [line],
        key: cell("oldId") || cell("email") || cell("sku") || cell("title"),
        value: e.value,
        reason: e.reason,
      });
    }
  });
  return { records, refused };
}

export function readCustomerRecords(rows: string[][], mapping: TColumnMapping): TReadRecords<"customers"> {
  return readEach<"customers">(
    rows,
    mapping,
    (cell) => {
      const oldId = text(cell("oldId"), "old customer ID", 100) || null;
      const address = email(cell("email"));
      const name = [cell("name"), cell("lastName")].filter(Boolean).join(" ").replace(/\s+/g, " ");
      if (!name) refuseLine("", "The name is empty");
      const phone = cell("phone") ? take(phoneToE164(cell("phone")), cell("phone")) : null;
      const since = cell("since") ? take(legacyDateToUtc(cell("since")), cell("since")).toISOString() : null;
      // Keyed by the old id when there is one, so a customer who changed address is still found.
      return {
        key: oldId ?? address,
        also: oldId ? address : undefined,
        data: { oldId, email: address, name: text(name, "name", 100), phone, since },
      };
    },
    "The same customer is in the file already",
  );
}

export function readProductRecords(rows: string[][], mapping: TColumnMapping): TReadRecords<"products"> {
  return readEach<"products">(
    rows,
    mapping,
    (cell) => {
      const sku = text(cell("sku"), "SKU", 64);
      if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(sku))
        refuseLine(sku, sku ? "The SKU may hold letters, digits, dots, dashes, slashes and underscores only" : "The SKU is empty");
      const name = text(cell("name"), "product name", 200);
      if (!name) refuseLine("", "The product name is empty");
      const category = categoryOf(cell("category"), PRODUCT_CATEGORIES, PRODUCT_CATEGORY_WORDS);
      if (!category)
        refuseLine(cell("category"), `Unknown category "${cell("category")}": use ${Object.values(PRODUCT_CATEGORIES).join(", ")}`);
      const priceKobo = take(nairaToKobo(cell("price")), cell("price"));
      if (priceKobo <= 0) refuseLine(cell("price"), "The price must be more than ₦0");
      if (priceKobo > MAX_FILTER_NAIRA * 100) refuseLine(cell("price"), `The price must be at most ${formatKobo(MAX_FILTER_NAIRA * 100)}`);
      const stock = cell("stock") ? take(wholeNumber(cell("stock"), "stock", 0, 1_000_000), cell("stock")) : null;
      const onSale = cell("onSale") ? take(yesOrNo(cell("onSale"), "on sale"), cell("onSale")) : null;
      return {
        key: sku,
        data: {
          sku,
          name,
          variant: text(cell("variant"), "variant name", 100) || null,
          category,
          priceKobo,
          stock,
          description: text(cell("description"), "description", 20_000) || null,
          brand: text(cell("brand"), "brand", 100) || null,
          onSale,
        },
      };
    },
    "The same SKU is in the file already",
  );
}

export function readCourseRecords(rows: string[][], mapping: TColumnMapping): TReadRecords<"courses"> {
  return readEach<"courses">(
    rows,
    mapping,
    (cell) => {
      const oldId = text(cell("oldId"), "old course ID", 100) || null;
      const title = text(cell("title"), "title", 120);
      if (!title) refuseLine("", "The title is empty");
      const slug = cell("slug") ? cell("slug").toLowerCase() : slugify(title);
      if (!slug || slug.length > 80 || !SLUG_PATTERN.test(slug))
        refuseLine(cell("slug") || title, "The web address may use lowercase letters, digits and single hyphens only, like solar-basics");
      const description = text(cell("description"), "description", 20_000);
      const summary = text(cell("summary"), "summary", 300) || firstSentence(description) || title;
      const category = categoryOf(cell("category"), COURSE_CATEGORIES, COURSE_CATEGORY_WORDS);
      if (!category)
        refuseLine(cell("category"), `Unknown category "${cell("category")}": use ${Object.values(COURSE_CATEGORIES).join(", ")}`);
      const level = LEVEL_WORDS[normaliseWord(cell("level"))];
      if (!level) refuseLine(cell("level"), `Unknown level "${cell("level")}": use ${Object.values(COURSE_LEVELS).join(", ")}`);
      const weeks = cell("durationWeeks").replace(/\s*(weeks?|wks?)\.?$/i, "");
      const durationWeeks = take(wholeNumber(weeks, "length in weeks", 1, 104), cell("durationWeeks"));
      const hoursPerWeek = cell("hoursPerWeek")
        ? take(wholeNumber(cell("hoursPerWeek").replace(/\s*(hours?|hrs?)\.?$/i, ""), "hours a week", 1, 80), cell("hoursPerWeek"))
        : DEFAULT_HOURS_PER_WEEK;
      const priceKobo = take(nairaToKobo(cell("price")), cell("price"));
      if (priceKobo > MAX_COURSE_PRICE_NAIRA * 100)
        refuseLine(cell("price"), `The price must be at most ${formatKobo(MAX_COURSE_PRICE_NAIRA * 100)}`);
      return {
        key: oldId ?? slug,
        also: oldId ? slug : undefined,
        data: {
          oldId,
          slug,
          title,
          summary,
          description,
          category,
          level,
          durationWeeks,
          hoursPerWeek,
          priceKobo,
          instructor: text(cell("instructor"), "instructor", 100) || DEFAULT_INSTRUCTOR,
        },
      };
    },
    "The same course is in the file already",
  );
}

/** The first sentence of a description, at most 300 characters, for a course's summary. */
function firstSentence(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const end = flat.search(/[.!?](\s|$)/);
  return (end >= 0 ? flat.slice(0, end + 1) : flat).slice(0, 300);
}

/**
 * Orders: every line carrying one order number is one order. An order is refused whole when any of its lines cannot be
 * read or its lines disagree on the customer, status or total; its total must be its lines plus delivery and VAT.
 */
export function readOrderRecords(rows: string[][], mapping: TColumnMapping, now = new Date()): TReadRecords<"orders"> {
  const groups = new Map<string, { lines: number[]; rows: TCells[] }>();
  const refused: TRefusedRecord[] = [];
  rows.slice(1).forEach((row, index) => {
    const cell = cellsOf(row, mapping);
    const number = cell("orderNumber");
    if (!number) return void refused.push({ lines: [index + 2], key: "", value: "", reason: "The old order number is empty" });
    const group = groups.get(number) ?? { lines: [], rows: [] };
    group.lines.push(index + 2);
    group.rows.push(cell);
    groups.set(number, group);
  });
  const records: TMigrationRecord<"orders">[] = [];
  for (const [number, group] of groups) {
    try {
      records.push({ lines: group.lines, key: number, data: readOrder(number, group, now) });
    } catch (e) {
      if (!(e instanceof LineRefused)) throw e;
      refused.push({ lines: group.lines, key: number, value: e.value, reason: e.reason });
    }
  }
  refused.sort((a, b) => a.lines[0]! - b.lines[0]!);
  return { records, refused };
}

function readOrder(number: string, group: { lines: number[]; rows: TCells[] }, now: Date): TOrderRecord {
  const first = group.rows[0]!;
  if (number.length > 60) refuseLine(number.slice(0, 60), "The old order number is longer than 60 characters");
  // Lines after the first may leave the order's own cells empty; when they fill them they must agree.
  for (const [i, cell] of group.rows.entries())
    for (const [key, what] of [
      ["email", "customer e-mail"],
      ["status", "status"],
      ["total", "total"],
      ["placedAt", "date"],
    ] as const)
      if (i > 0 && cell(key) && cell(key).toLowerCase() !== first(key).toLowerCase())
        refuseLine(cell(key), `Line ${group.lines[i]} gives this order another ${what} than line ${group.lines[0]}`);
  const address = email(first("email"));
  const placed = take(legacyDateToUtc(first("placedAt")), first("placedAt"));
  if (placed.getTime() > now.getTime()) refuseLine(first("placedAt"), "The order date is in the future");
  const status = take(orderStatusFromOldWord(first("status")), first("status"));
  const paymentMethod = take(paymentMethodFromOldWord(first("paymentMethod")), first("paymentMethod"));
  const lines = group.rows.map((cell, i): TOrderLineRecord => {
    const sku = text(cell("sku"), "SKU", 64) || null;
    const name = text(cell("item"), "item name", 200) || null;
    if (!sku && !name) refuseLine("", `Line ${group.lines[i]} names no SKU and no item`);
    const quantity = take(wholeNumber(cell("quantity"), "quantity", 1, 1000), cell("quantity"));
    const unitPriceKobo = take(nairaToKobo(cell("unitPrice")), cell("unitPrice"));
    if (unitPriceKobo <= 0) refuseLine(cell("unitPrice"), `Line ${group.lines[i]}: the unit price must be more than ₦0`);
    return { sku, name, quantity, unitPriceKobo };
  });
  const money = (key: string) => (first(key) ? take(nairaToKobo(first(key)), first(key)) : 0);
  const subtotalKobo = lines.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
  const deliveryKobo = money("deliveryFee");
  const vatKobo = money("vat");
  const totalKobo = take(nairaToKobo(first("total")), first("total"));
  if (totalKobo !== subtotalKobo + deliveryKobo + vatKobo)
    refuseLine(
      first("total"),
      `The total ${formatKobo(totalKobo)} is not the lines (${formatKobo(subtotalKobo)}) plus delivery (${formatKobo(deliveryKobo)}) and VAT (${formatKobo(vatKobo)})`,
    );
  const phone = first("phone") ? take(phoneToE164(first("phone")), first("phone")) : null;
  return {
    number,
    email: address,
    placedAt: placed.toISOString(),
    status,
    paymentMethod,
    customerName: text(first("customerName"), "customer name", 100) || null,
    phone,
    address: text(first("address"), "delivery address", 200),
    city: text(first("city"), "city", 100),
    state: text(first("state"), "state", 100),
    lines,
    subtotalKobo,
    deliveryKobo,
    vatKobo,
    totalKobo,
  };
}

/** A file's rows (header first) as records of its kind. */
export function readRecords(kind: TMigrationKind, rows: string[][], mapping: TColumnMapping, now = new Date()): TReadRecords {
  switch (kind) {
    case "customers":
      return readCustomerRecords(rows, mapping);
    case "products":
      return readProductRecords(rows, mapping);
    case "orders":
      return readOrderRecords(rows, mapping, now);
    case "courses":
      return readCourseRecords(rows, mapping);
  }
}
