import { describe, expect, it } from "vitest";
import { decodeUtf8, isBodyOfType, JSON_TYPES, parseFormBody, parseJsonText } from "./request-body";

// The one body reader under the pages and the gateway (server/http/request-body.ts): the same parsing for both, and
// the two text rules where they differ (docs/product/site-shell.md#bad-input, docs/product/api-gateway.md#the-contract).

const urlEncoded = (text: string) => new TextEncoder().encode(text);

describe("the body reader shared by the pages and the gateway", () => {
  it("takes JSON in UTF-8 only", () => {
    expect(isBodyOfType("application/json; charset=utf-8", JSON_TYPES)).toBe(true);
    expect(isBodyOfType("application/json; charset=iso-8859-1", JSON_TYPES)).toBe(false);
    expect(isBodyOfType("text/plain", JSON_TYPES)).toBe(false);
    expect(decodeUtf8(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({
      ok: false,
      refusal: { status: 400, message: "The request body isn't valid UTF-8 text." },
    });
  });

  it("refuses a control character on a page but only U+0000 through the gateway, naming the field", () => {
    const escape = '{"note":{"text":"\\u001b[31m"}}';
    expect(parseJsonText(escape, "page")).toMatchObject({ ok: false, refusal: { status: 400, field: "note.text" } });
    expect(parseJsonText(escape, "api")).toEqual({ ok: true, value: { note: { text: "\u001b[31m" } } });
    expect(parseJsonText('{"items":["a","b\\u0000"]}', "api")).toEqual({
      ok: false,
      refusal: { status: 400, message: "Text cannot hold the NUL character (U+0000).", field: "items.1" },
    });
  });

  it("refuses JSON that does not parse or nests too deeply, whichever rule", () => {
    for (const rule of ["page", "api"] as const) {
      expect(parseJsonText('{"id":', rule)).toMatchObject({ ok: false, refusal: { message: "The request body isn't valid JSON." } });
      expect(parseJsonText(`${"[".repeat(40)}${"]".repeat(40)}`, rule)).toMatchObject({
        ok: false,
        refusal: { message: "The body is nested too deeply (at most 32 levels)." },
      });
    }
  });

  it("reads URL-encoded and multipart forms strictly", async () => {
    const form = await parseFormBody("application/x-www-form-urlencoded", urlEncoded("name=Ngozi+Okafor&city=Enugu"), "page");
    expect(form.ok && Object.fromEntries(form.value)).toEqual({ name: "Ngozi Okafor", city: "Enugu" });
    expect(await parseFormBody("application/x-www-form-urlencoded", urlEncoded("name=%E0%A4%A"), "page")).toMatchObject({
      ok: false,
      refusal: { status: 400, message: "The form has broken characters in it." },
    });
    const parts = new FormData();
    parts.append("title", "Week 2\u0000");
    const request = new Request("http://localhost/", { method: "POST", body: parts });
    const read = await parseFormBody(request.headers.get("content-type")!, await request.arrayBuffer(), "api");
    expect(read).toMatchObject({ ok: false, refusal: { field: "title", message: "Text cannot hold the NUL character (U+0000)." } });
  });
});
