import { describe, expect, it } from "vitest";
import { refererPath } from "./form.server";

const post = (referer?: string) =>
  new Request("https://zavolah.ng/staff/inventory", { method: "POST", headers: referer ? { referer } : {} });

describe("refererPath", () => {
  it("goes back to our own page with its query, and home from another site, none or a broken one", () => {
    expect(refererPath(post("https://zavolah.ng/store?category=solar"))).toBe("/store?category=solar");
    expect(refererPath(post("https://zavolah.ng/store"), { added: "1" })).toBe("/store?added=1");
    expect(refererPath(post("https://evil.example/store"))).toBe("/");
    expect(refererPath(post())).toBe("/");
    expect(refererPath(post("http://[::1"))).toBe("/");
  });
});
