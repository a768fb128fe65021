import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { throughRoute } from "../../../tests/support/route-requests";
import { createSession } from "../../../tests/support/sessions";
import { makeUser, uniqueEmail } from "../../../tests/support/store-fixtures";
// Renamed: in app/ the React hooks lint would take a use- name for a hook.
import { useTestDatabase as withTestDatabase } from "../../../tests/support/test-database";
import { newsletterSubscribers } from "@server/content/schema";
import {
  hashToken,
  unsubscribeTokenFor,
  unsubscribeUrlFor,
  unsubscribeUrlNamingAddress,
} from "@server/content/newsletter/newsletter-tokens";
import { getDb } from "@server/db/client";
import { action } from "./unsubscribe";

// RFC 8058 one-click unsubscribe (docs/product/content.md#newsletter): a mail provider POSTs `List-Unsubscribe=One-Click`
// to the e-mail's List-Unsubscribe address from its own servers, with no cookie and no Origin.

withTestDatabase();

const ONE_CLICK = "List-Unsubscribe=One-Click";

/** A request through the server's path: the access middleware, then the route's action. */
async function post(url: string, init: { body: BodyInit; headers?: Record<string, string> }) {
  const { status, body, viewerSeen } = await throughRoute(action, new Request(url, { method: "POST", ...init }), { pattern: url });
  return { status, body, viewerSeen };
}

const asMailProvider = (url: string, body: BodyInit = ONE_CLICK) =>
  post(url, { body, headers: typeof body === "string" ? { "content-type": "application/x-www-form-urlencoded" } : {} });

async function activeSubscriber() {
  const email = uniqueEmail("reader");
  await getDb()
    .insert(newsletterSubscribers)
    .values({ email, status: "active", source: "footer", unsubscribeTokenHash: hashToken(unsubscribeTokenFor(email)) });
  return email;
}
const statusOf = async (email: string) =>
  (await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).map((r) => r.status);

describe("one-click unsubscribe from a mail provider", () => {
  it("unsubscribes by the signed link alone, with no Origin and no cookie; a repeat is harmless", async () => {
    const email = await activeSubscriber();
    const url = unsubscribeUrlFor(email);
    const first = await asMailProvider(url);
    expect(first).toMatchObject({ status: 200, body: { email } });
    expect(await statusOf(email)).toEqual(["unsubscribed"]);
    expect(await asMailProvider(url)).toMatchObject({ status: 200, body: { email } });
    expect(await statusOf(email)).toEqual(["unsubscribed"]);
  });

  it("takes the body as multipart too, and records the opt-out of an address that never subscribed", async () => {
    const email = uniqueEmail("shopper");
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    expect(await asMailProvider(unsubscribeUrlNamingAddress(email), form)).toMatchObject({ status: 200, body: { email } });
    expect(await statusOf(email)).toEqual(["unsubscribed"]);
  });

  it("never reads the session, even when the request carries a cookie", async () => {
    const email = await activeSubscriber();
    const { cookie } = await createSession((await makeUser("customer", "Ngozi Okafor")).id);
    const answer = await post(unsubscribeUrlFor(email), {
      body: ONE_CLICK,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    });
    expect(answer).toMatchObject({ status: 200, viewerSeen: null });
  });

  it("refuses a link that matches no subscription, with a clear answer, and changes nothing", async () => {
    const email = await activeSubscriber();
    const forged = `${unsubscribeUrlFor(email).split("?")[0]}?token=${"x".repeat(43)}&email=${encodeURIComponent(email)}`;
    expect(await asMailProvider(forged)).toMatchObject({ status: 400, body: { email: null } });
    expect(await statusOf(email)).toEqual(["active"]);
  });

  it("lets through only that address and that exact body: other POSTs without an Origin are still refused", async () => {
    const email = await activeSubscriber();
    const url = unsubscribeUrlFor(email);
    const refused = { status: 403, body: { message: "This form must be sent from the Zavolah site." } };
    expect(await asMailProvider(url, "List-Unsubscribe=Yes")).toMatchObject(refused);
    expect(await asMailProvider(url, `${ONE_CLICK}&extra=1`)).toMatchObject(refused);
    expect(await post(url, { body: ONE_CLICK, headers: { "content-type": "text/plain" } })).toMatchObject({ status: 415 });
    expect(await asMailProvider(url.replace("/newsletter/unsubscribe", "/newsletter/subscribe"))).toMatchObject(refused);
    expect(await statusOf(email)).toEqual(["active"]);
  });
});
