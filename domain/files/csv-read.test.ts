import { describe, expect, it } from "vitest";
import { detectDelimiter, readCsv } from "./csv-read";

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
