import { describe, expect, it } from "vitest";
import { importColumns, prepareImport } from "./crm-import";

describe("CRM import rows", () => {
  it("finds the columns by their usual names", () => {
    expect(importColumns(["First Name", "Surname", "E-mail Address", "Mobile", "Tags"])).toEqual({
      email: 2,
      name: null,
      firstName: 0,
      lastName: 1,
      phone: 3,
      tags: 4,
    });
    expect(importColumns(["name", "phone"])).toBeNull();
  });

  it("refuses bad addresses and foreign phones by line, and merges a person who appears twice", () => {
    const rows = [
      ["name", "email", "phone", "tags"],
      ["Ngozi Okafor", "Ngozi@Example.ng", "0803 123 4567", "solar; Lekki VIP"],
      ["Bayo", "bayo-at-example.ng", "", ""],
      ["", "ngozi@example.ng", "", "abuja"],
      ["Kemi", "kemi@example.ng", "+44 20 7946 0958", ""],
      ["=cmd|' /C calc'!A0", "formula@example.ng", "", ""],
    ];
    const out = prepareImport(rows, importColumns(rows[0]!)!);
    expect(out.rows).toEqual([
      { email: "ngozi@example.ng", name: "Ngozi Okafor", phone: "+2348031234567", tags: ["solar", "lekki-vip", "abuja"] },
      { email: "formula@example.ng", name: "=cmd|' /C calc'!A0", phone: null, tags: [] },
    ]);
    expect(out.errors).toEqual([
      { line: 3, value: "bayo-at-example.ng", reason: "Invalid email format" },
      { line: 5, value: "+44 20 7946 0958", reason: "Phone is not a Nigerian mobile number" },
    ]);
    expect(out.failed).toBe(2);
    expect(out.duplicatesInFile).toBe(1);
  });

  it("joins first and last names", () => {
    const rows = [
      ["first_name", "last_name", "email"],
      ["Chinedu", "Obi", "chinedu@example.ng"],
    ];
    expect(prepareImport(rows, importColumns(rows[0]!)!).rows[0]!.name).toBe("Chinedu Obi");
  });
});
