import { describe, expect, it } from "vitest";
import { checkRequestShape, readForm, readFormData, readJson } from "./request-input.server";
import type { TRouteEntry } from "~/lib/route-table";

// The one reader of request input (docs/product/site-shell.md#bad-input): what each kind of bad input gets.

const FORM_ROUTE: TRouteEntry = { path: "/contact", file: "routes/contact.tsx", access: { allow: "public" } };
const JSON_ROUTE: TRouteEntry = { ...FORM_ROUTE, path: "/api/notifications/read", body: "json" };

/** The status and message a refusal carries: a thrown Response under /api, React Router's data() elsewhere. */
async function refusal(run: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, message: ((await thrown.json()) as { message: string }).message };
    const d = thrown as { init?: { status?: number }; data?: { message?: string } };
    return { status: d.init?.status ?? 0, message: d.data?.message ?? "" };
  }
  throw new Error("was not refused");
}

const post = (path: string, body: BodyInit | undefined, type?: string) =>
  new Request(`http://localhost${path}`, { method: "POST", body, headers: type ? { "content-type": type } : {} });

describe("reading a submitted form", () => {
  it("reads URL-encoded and multipart forms", async () => {
    expect(await readForm(post("/contact", "name=Ngozi+Okafor&message=Hello%0D%0Athere%09!", "application/x-www-form-urlencoded"))).toEqual(
      {
        name: "Ngozi Okafor",
        message: "Hello\r\nthere\t!",
      },
    );
    const multipart = new FormData();
    multipart.append("name", "Chidi Eze");
    expect(await readForm(new Request("http://localhost/contact", { method: "POST", body: multipart }))).toEqual({ name: "Chidi Eze" });
  });

  it("takes an empty write as an empty form", async () => {
    expect(await readForm(post("/orders/1/pay", undefined))).toEqual({});
  });

  it.each([
    ["JSON", '{"email":"a@b.co"}', "application/json", 415, /takes a submitted form/],
    ["plain text", "email=a@b.co", "text/plain", 415, /takes a submitted form/],
    ["a foreign charset", "name=caf%E9", "application/x-www-form-urlencoded; charset=iso-8859-1", 415, /UTF-8/],
    ["a NUL byte", "name=a%00b", "application/x-www-form-urlencoded", 400, /"name" contains characters we can't accept/],
    ["an escape character", "message=%1B%5B31m", "application/x-www-form-urlencoded", 400, /control character/],
    ["a lone surrogate", "name=%ED%A0%80", "application/x-www-form-urlencoded", 400, /broken characters/],
    ["broken percent-encoding", "name=%E0%A4%A", "application/x-www-form-urlencoded", 400, /broken characters/],
    ["bytes that are not UTF-8", new Uint8Array([0x61, 0x3d, 0xff, 0xfe]), "application/x-www-form-urlencoded", 400, /valid UTF-8/],
    ["an over-long field", `message=${"a".repeat(200_001)}`, "application/x-www-form-urlencoded", 400, /too long/],
    ["multipart without a boundary", "x", "multipart/form-data", 400, /malformed/],
  ])("refuses %s", async (_, body, type, status, message) => {
    const refused = await refusal(() => readFormData(post("/contact", body as BodyInit, type as string)));
    expect(refused.status).toBe(status);
    expect(refused.message).toMatch(message as RegExp);
  });
});

describe("reading JSON", () => {
  it("parses JSON and hands it on for its schema", async () => {
    expect(await readJson(post("/api/notifications/read", '{"id":4}', "application/json; charset=utf-8"))).toEqual({ id: 4 });
  });

  it.each([
    ["a form", "id=4", "application/x-www-form-urlencoded", 415, /takes JSON/],
    ["JSON that does not parse", '{"id":', "application/json", 400, /isn't valid JSON/],
    ["a lone surrogate", '{"name":"\\ud800"}', "application/json", 400, /broken characters/],
    ["a NUL", '{"name":"a\\u0000"}', "application/json", 400, /can't accept/],
  ])("refuses %s with a JSON message", async (_, body, type, status, message) => {
    const refused = await refusal(() => readJson(post("/api/notifications/read", body, type)));
    expect(refused).toEqual({ status, message: expect.stringMatching(message) });
  });
});

describe("the shape of a request, before any loader or action", () => {
  const get = (url: string) => new Request(`http://localhost${url}`);

  it("lets ordinary addresses and the route's own body type through", () => {
    expect(() => checkRequestShape(get("/store?q=solar+panel&category=inverters&page=2"), FORM_ROUTE)).not.toThrow();
    expect(() => checkRequestShape(get("/store?q=%C3%A9l%C3%A9ment"), FORM_ROUTE)).not.toThrow();
    expect(() => checkRequestShape(post("/contact", "a=1", "application/x-www-form-urlencoded"), FORM_ROUTE)).not.toThrow();
    expect(() => checkRequestShape(post("/api/notifications/read", "{}", "application/json"), JSON_ROUTE)).not.toThrow();
  });

  it.each([
    ["a NUL in the search", "/store?q=%00", /search term in this address contains/],
    ["broken encoding in the search", "/store?q=%E0%A4%A", /broken characters in its search terms/],
    ["an over-long search", `/store?q=${"x".repeat(2001)}`, /too long/],
    ["a control character in the path", "/store/%07bell", /This address contains/],
  ])("answers 400 to %s", async (_, url, message) => {
    expect(await refusal(() => checkRequestShape(get(url), FORM_ROUTE))).toEqual({ status: 400, message: expect.stringMatching(message) });
  });

  it("answers 415 to a body the route does not read", async () => {
    expect(
      (await refusal(() => checkRequestShape(post("/newsletter/subscribe", '{"email":"a@b.co"}', "application/json"), FORM_ROUTE))).status,
    ).toBe(415);
    expect(
      (await refusal(() => checkRequestShape(post("/api/notifications/read", "id=1", "application/x-www-form-urlencoded"), JSON_ROUTE)))
        .status,
    ).toBe(415);
  });
});
