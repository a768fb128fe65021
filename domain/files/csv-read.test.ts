import { describe, expect, it } from "vitest";
import { detectDelimiter, readCsv, readCsvTable } from "./csv-read";

describe("reading CSV", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks", () => {
    const text = '\uFEFFname,email,notes\r\n"Okafor, Ngozi",ngozi@example.ng,"said ""call me""\nafter 5"\r\n\r\nBayo,bayo@example.ng,\n';
    expect(readCsv(text)).toEqual({
      rows: [
        ["name", "email", "notes"],
        ["Okafor, Ngozi", "ngozi@example.ng", 'said "call me"\nafter 5'],
        ["Bayo", "bayo@example.ng", ""],
      ],
    });
  });
  it("takes semicolons or tabs when the header uses them", () => {
    expect(detectDelimiter("name;email;phone\nA;b@c.ng;1")).toBe(";");
    expect(readCsv("name\temail\nAda\tada@example.ng")).toEqual({
      rows: [
        ["name", "email"],
        ["Ada", "ada@example.ng"],
      ],
    });
  });
  it("refuses a binary file and a quote left open", () => {
    expect(readCsv("PK\u0003\u0004\u0000\u0000")).toEqual({ problem: "binary" });
    expect(readCsv('name,email\n"Ada,ada@example.ng\n')).toEqual({ problem: "unterminated-quote" });
  });
});

describe("reading an uploaded table", () => {
  it("gives the header and rows, or why the file cannot be read as a whole", () => {
    expect(readCsvTable("Email,Name\nada@example.ng,Ada\n")).toEqual({ header: ["Email", "Name"], body: [["ada@example.ng", "Ada"]] });
    expect(readCsvTable("Email,Name\n")).toEqual({ problem: "The file has no rows under its header" });
    expect(readCsvTable("a\n1\n2\n3", { maxRows: 2 })).toEqual({ problem: "At most 2 rows at a time: split the file" });
    expect(readCsvTable("\u0000\u0001")).toEqual({ problem: "This is not a CSV text file: export it from your spreadsheet as CSV UTF-8" });
    expect(readCsvTable('a\n"open')).toEqual({
      problem: "A quotation mark is left open, so the rows cannot be told apart: check the file in a spreadsheet",
    });
    expect(readCsvTable("Name\nAda", { headerProblem: (h) => (h.includes("Email") ? null : "No Email column") })).toEqual({
      problem: "No Email column",
    });
  });
});
