import { describe, expect, it } from "vitest";
import { readCsv } from "../files/csv-read";
import { guessMapping, type TMigrationKind } from "./migration";
import { readRecords, type TReadRecords } from "./records";

const NOW = new Date("2026-11-25T12:00:00Z");

function read<K extends TMigrationKind>(kind: K, csv: string): TReadRecords<K> {
  const parsed = readCsv(csv);
  if (!("rows" in parsed)) throw new Error(parsed.problem);
  return readRecords(kind, parsed.rows, guessMapping(kind, parsed.rows[0]!), NOW) as TReadRecords<K>;
}

describe("customer records", () => {
  it("converts each line, keeps a formula-like name as typed, and refuses bad lines and the second of a customer", () => {
    const { records, refused } = read(
      "customers",
      [
        "Customer ID,First name,Last name,Email,Phone,Registered",
        "C-001,Ngozi,Okafor,NGOZI@Example.ng,0803 123 4567,25/11/2024 14:30",
        'C-002,"=HYPERLINK(""http://x"")",Bello,aisha@example.ng,,',
        "C-003,Emeka,Obi,not-an-email,,",
        "C-004,Tunde,Bakare,tunde@example.ng,01 271 0000,",
        "C-005,Ngozi,O.,ngozi@example.ng,,",
        "C-001,Someone,Else,else@example.ng,,",
      ].join("\n"),
    );
    expect(records.map((r) => [r.lines, r.key, r.data])).toEqual([
      [
        [2],
        "C-001",
        { oldId: "C-001", email: "ngozi@example.ng", name: "Ngozi Okafor", phone: "+2348031234567", since: "2024-11-25T13:30:00.000Z" },
      ],
      [[3], "C-002", { oldId: "C-002", email: "aisha@example.ng", name: '=HYPERLINK("http://x") Bello', phone: null, since: null }],
    ]);
    expect(refused.map((r) => [r.lines, r.value, r.reason])).toEqual([
      [[4], "not-an-email", "Invalid email format"],
      [[5], "01 271 0000", "Phone is not a Nigerian mobile number"],
      [[6], "C-005", "The same customer is in the file already as line 2"],
      [[7], "C-001", "The same customer is in the file already as line 2"],
    ]);
  });
});

describe("product records", () => {
  it("reads categories by label or common word, prices to kobo, and refuses what the catalogue cannot hold", () => {
    const { records, refused } = read(
      "products",
      [
        "SKU;Product name;Category;Price;Stock;Active",
        "INV-5KVA;5kVA Hybrid Inverter;Inverter;₦1,250,000.50;12;yes",
        "BAT-200AH;200Ah Tubular Battery;batteries;385000;;no",
        "SOFA-1;Sofa;Sofas;500000;1;",
        "LAMP-1;Lamp;Lighting;-5000;1;",
        "INV-5KVA;Again;Inverters;1;1;",
      ].join("\n"),
    );
    expect(records.map((r) => r.data)).toEqual([
      {
        sku: "INV-5KVA",
        name: "5kVA Hybrid Inverter",
        variant: null,
        category: "inverters",
        priceKobo: 125_000_050,
        stock: 12,
        description: null,
        brand: null,
        onSale: true,
      },
      {
        sku: "BAT-200AH",
        name: "200Ah Tubular Battery",
        variant: null,
        category: "batteries",
        priceKobo: 38_500_000,
        stock: null,
        description: null,
        brand: null,
        onSale: false,
      },
    ]);
    expect(refused.map((r) => [r.lines[0], r.reason])).toEqual([
      [4, 'Unknown category "Sofas": use Solar systems, Solar panels, Inverters, Batteries, Lighting, Smart furniture'],
      [5, '"-5000" is not a naira amount: write it like 1,250,000.50'],
      [6, "The same SKU is in the file already as line 2"],
    ]);
  });
});

describe("order records", () => {
  const header = "Order No,Email,Date,Status,SKU,Item,Qty,Unit price,Delivery,Total,Payment";
  it("makes one order of the lines that share a number, and checks its total", () => {
    const { records, refused } = read(
      "orders",
      [
        header,
        "1001,ngozi@example.ng,25/11/2024 14:30,Completed,INV-5KVA,,1,1250000,5000,1305000,Card",
        "1001,,,,BAT-200AH,,1,50000,,,",
        "1002,aisha@example.ng,2024-12-01,Shipped,,Installation visit,1,25000,,25000,",
        "1003,emeka@example.ng,2024-12-02,Delivered,X,,1,1000,,999,",
        "1004,tunde@example.ng,2024-12-03,Pending,X,,1,1000,,1000,",
        "1005,bisi@example.ng,2024-12-03,Paid,X,,1,1000,,1000,",
        "1005,other@example.ng,,,Y,,1,1000,,,",
        "1006,musa@example.ng,2027-01-01,Paid,X,,1,1000,,1000,",
      ].join("\n"),
    );
    expect(records.map((r) => [r.lines, r.key, r.data.status, r.data.paymentMethod, r.data.lines.length, r.data.totalKobo])).toEqual([
      [[2, 3], "1001", "delivered", "paystack", 2, 130_500_000],
      [[4], "1002", "shipped", "bank_transfer", 1, 2_500_000],
    ]);
    expect(records[0]!.data).toMatchObject({
      placedAt: "2024-11-25T13:30:00.000Z",
      subtotalKobo: 130_000_000,
      deliveryKobo: 500_000,
      vatKobo: 0,
    });
    expect(records[1]!.data.lines).toEqual([{ sku: null, name: "Installation visit", quantity: 1, unitPriceKobo: 2_500_000 }]);
    expect(refused.map((r) => [r.lines, r.reason])).toEqual([
      [[5], "The total ₦999.00 is not the lines (₦1,000.00) plus delivery (₦0.00) and VAT (₦0.00)"],
      [[6], "Unpaid orders are not brought over: ask the customer to order again on this site"],
      [[7, 8], "Line 8 gives this order another customer e-mail than line 7"],
      [[9], "The order date is in the future"],
    ]);
  });
});

describe("course records", () => {
  it("makes a web address from the title, reads levels and lengths, and refuses an unknown category", () => {
    const { records, refused } = read(
      "courses",
      [
        "Course ID,Title,Category,Level,Duration,Fee,Description",
        'OLD-7,Solar Installation Basics,Solar installation,Basic,6 weeks,"75,000",Hands-on from panel to inverter. Bring boots.',
        "OLD-8,Selling Solar,Sales,Expert,4,0,",
        "OLD-9,Cooking,Food,Beginner,2,0,",
      ].join("\n"),
    );
    expect(records.map((r) => r.data)).toEqual([
      {
        oldId: "OLD-7",
        slug: "solar-installation-basics",
        title: "Solar Installation Basics",
        summary: "Hands-on from panel to inverter.",
        description: "Hands-on from panel to inverter. Bring boots.",
        category: "solar",
        level: "beginner",
        durationWeeks: 6,
        hoursPerWeek: 4,
        priceKobo: 7_500_000,
        instructor: "Zavolah Academy",
      },
      expect.objectContaining({
        slug: "selling-solar",
        category: "business",
        level: "advanced",
        durationWeeks: 4,
        priceKobo: 0,
        summary: "Selling Solar",
      }),
    ]);
    expect(refused.map((r) => [r.lines, r.reason])).toEqual([
      [[4], 'Unknown category "Food": use Solar installation, Energy storage, Smart furniture, EV charging, Business and sales'],
    ]);
  });
});
