import { expect, request as newRequest, test, type APIResponse } from "@playwright/test";
import { BASE, DEMO, DEMO_PASSWORD, signedIn } from "../support";

// Every place that sends a person on to an address they or a link chose (docs/product/accounts.md#post-login-targets)
// keeps them on this site, whatever trick the address holds: a browser reads "//host" (and "/\host") as another site,
// and dot segments, encoded dots, tabs and backslashes all come out as that once a URL parser has tidied them.
// Request-level: what matters is the Location each answer carries, which no page needs to render.

const TRICKS = [
  "//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/./\\evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "%2f%2fevil.example",
  "https://evil.example",
  "https:evil.example",
  "javascript:alert(1)",
];

/** The answer's Location stays on this site: one leading slash, never a host of its own. */
function expectSameSite(answer: APIResponse, trick: string) {
  const location = answer.headers()["location"];
  if (location === undefined) return;
  expect(location, `${JSON.stringify(trick)} -> ${location}`).toMatch(/^\/(?![/\\])/);
  expect(new URL(location, BASE).origin, `${JSON.stringify(trick)} -> ${location}`).toBe(new URL(BASE).origin);
}

test("a signed-in visit to /?returnTo= goes only to a page of this site", async () => {
  const signedInRequest = await newRequest.newContext({ baseURL: BASE, storageState: signedIn("customer") });
  for (const trick of TRICKS) {
    const answer = await signedInRequest.get(`/?returnTo=${encodeURIComponent(trick)}`, { maxRedirects: 0 });
    expect(answer.status()).toBeLessThan(500);
    expectSameSite(answer, trick);
  }
  // A same-site target still works.
  const fine = await signedInRequest.get(`/?returnTo=${encodeURIComponent("/store?category=solar")}`, { maxRedirects: 0 });
  expect(fine.headers()["location"]).toBe("/store?category=solar");
  await signedInRequest.dispose();
});

test("a real sign-in, the theme switch, a cart form and a form posted from an odd page of ours land on this site", async ({ request }) => {
  for (const trick of TRICKS.slice(0, 7)) {
    const signIn = await request.post("/auth/sign-in", {
      form: { email: DEMO.customer, password: DEMO_PASSWORD, returnTo: trick },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    expect(signIn.status(), trick).toBe(302);
    expectSameSite(signIn, trick);
  }
  for (const trick of TRICKS) {
    const theme = await request.post("/theme", { form: { theme: "dark", returnTo: trick }, headers: { origin: BASE }, maxRedirects: 0 });
    expect(theme.status(), trick).toBe(302);
    expectSameSite(theme, trick);
    // A refused sign-in without JavaScript goes back to the page the form was on (its Referer).
    const refused = await request.post("/auth/sign-in", {
      form: { email: "nobody@example.ng", password: "wrong-password" },
      headers: { origin: BASE, referer: `${BASE}${trick.startsWith("/") ? trick : `/${trick}`}` },
      maxRedirects: 0,
    });
    expect(refused.status(), trick).toBe(302);
    expectSameSite(refused, trick);
    // A cart form without JavaScript goes back to its returnTo, here after a refusal (no such product).
    const cart = await request.post("/cart/add", {
      form: { variantId: "999999", quantity: "1", returnTo: trick },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    expect(cart.status(), trick).toBe(302);
    expectSameSite(cart, trick);
  }
});

test("a referral link opened at an odd address of ours stays on this site", async ({ request }) => {
  // A browser sends "//evil.example//other.example" as it is: a URL parser on the server reads a host in it.
  const paths = ["//evil.example//other.example", ...TRICKS.filter((t) => t.startsWith("/") && !t.includes("\t"))];
  for (const trick of paths) {
    // The whole address, so the client does not read "//evil.example" as a host of its own.
    const answer = await request.get(`${BASE}${trick}?ref=ZV3K7M2Q`, { maxRedirects: 0 });
    expect(answer.status()).toBeLessThan(500);
    expectSameSite(answer, trick);
  }
});
