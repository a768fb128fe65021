import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import * as prettier from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFakePaystack } from "../../tests/support/fake-paystack";
import { registeredPerson, useGateway } from "../../tests/support/gateway-fixtures";
import { variantBySku } from "../../tests/support/store-fixtures";
import { createTestDriver } from "../../tests/support/zavcharge-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../../server/db/client";
import { env } from "../../server/env";
import { openApiDocument } from "../../server/http/gateway/openapi-document";
import { orders } from "../../server/orders/schema";
import { createZavolahClient, ZavolahApiError, type TClientOptions } from "./client";
import { createSyncQueue } from "./sync-queue";
import { generateTypes, TYPES_FILE } from "./generate-types";

// The typed client against the real gateway (docs/product/api-gateway.md#the-typed-client): its types are the
// document's, parallel 401s share one refresh, a failed refresh signs the person out, repeatable requests are retried
// through a flaky network, a checkout whose answer was lost is retried with its key into one order, and sync events
// made offline wait in the queue and go in order on connect.

useTestDatabase();
const paystack = useFakePaystack();
afterAll(() => {
  Object.assign(env, { PAYSTACK_SECRET_KEY: undefined });
});
const call = useGateway("CLIENT01");

let baseUrl = "";
beforeAll(() => {
  baseUrl = call.base();
});

/** A fetch that counts what it sends and can fail a number of requests the way a bad network does. */
function flakyNetwork() {
  const sent: string[] = [];
  let failNext = 0;
  let loseNextAnswer = 0;
  let serverErrorsNext = 0;
  const network: typeof fetch = async (input, init) => {
    const url = String(input);
    sent.push(`${init?.method ?? "GET"} ${new URL(url).pathname.replace("/api/v1", "")}`);
    if (failNext > 0) {
      failNext--;
      throw new TypeError("fetch failed");
    }
    if (serverErrorsNext > 0) {
      serverErrorsNext--;
      return new Response(JSON.stringify({ code: "unavailable", message: "Try again", requestId: "x" }), { status: 503 });
    }
    const answer = await fetch(input, { ...init, headers: { ...(init?.headers as object), "X-Forwarded-For": "10.99.0.1" } });
    if (loseNextAnswer > 0) {
      loseNextAnswer--;
      throw new TypeError("fetch failed: the connection dropped before the answer arrived");
    }
    return answer;
  };
  return {
    network,
    sent,
    failRequests: (n: number) => (failNext = n),
    loseAnswers: (n: number) => (loseNextAnswer = n),
    answer503: (n: number) => (serverErrorsNext = n),
  };
}

async function signedInClient(name: string, over: Partial<TClientOptions> = {}) {
  const person = await registeredPerson(name, { confirmed: true });
  const net = flakyNetwork();
  const client = createZavolahClient({ baseUrl, platform: "mobile", fetch: net.network, retryDelaysMs: [5, 10, 20], ...over });
  const answer = await client.login({
    email: person.email,
    password: "sunshine1",
    platform: "mobile",
    deviceInfo: { id: `client-${person.id}`, type: "mobile", name: `${name}'s phone` },
  });
  net.sent.length = 0;
  return { person, client, net, answer };
}

describe("the client's types", () => {
  it("are the OpenAPI document's: the checked-in file is what the generator writes today", async () => {
    const fresh = await prettier.format(generateTypes(openApiDocument()), {
      ...(await prettier.resolveConfig(TYPES_FILE)),
      filepath: TYPES_FILE,
    });
    expect(readFileSync(TYPES_FILE, "utf8"), "run npm run api:client and commit clients/zavolah-api/api-types.ts").toBe(fresh);
  });
});

describe("tokens", () => {
  it("parallel requests that meet an expired access token share one refresh, and each is answered", async () => {
    const { client, net, person } = await signedInClient("Adaeze Okonkwo");
    await getDb().execute(`update api_access_tokens set expires_at = now() - interval '1 second'`);
    const [me, devices, cart] = await Promise.all([client.call("getProfile"), client.call("listDevices"), client.call("getCart")]);
    expect(me.email).toBe(person.email);
    expect(devices.devices).toHaveLength(1);
    expect(cart.itemCount).toBe(0);
    expect(net.sent.filter((s) => s === "POST /auth/refresh")).toHaveLength(1);
  });

  it("a refresh that fails signs the person out and says so", async () => {
    let signedOut = 0;
    const { client, answer } = await signedInClient("Bayo Adekunle", { onSignedOut: () => signedOut++ });
    // The device is signed out elsewhere (from the account page): the refresh is refused.
    const other = createZavolahClient({ baseUrl, platform: "mobile", tokens: client.tokens });
    await other.call("logout", { body: { deviceId: answer.deviceId } });
    await expect(client.call("getProfile")).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toBe(1);
    expect(client.tokens.get()).toBeNull();
    await expect(client.call("getProfile")).rejects.toBeInstanceOf(ZavolahApiError);
  });
});

describe("a bad network", () => {
  it("a GET is retried after network errors and a 503, and a POST without a key is not", async () => {
    const { client, net } = await signedInClient("Chioma Nwankwo");
    net.failRequests(2);
    expect((await client.call("getProfile")).name).toBe("Chioma Nwankwo");
    expect(net.sent).toEqual(["GET /me", "GET /me", "GET /me"]);
    net.answer503(1);
    expect((await client.call("listNotifications", { query: { limit: 5 } })).items).toEqual([]);
    net.sent.length = 0;
    net.failRequests(1);
    await expect(client.call("markAllNotificationsRead", { body: {} })).rejects.toThrow("fetch failed");
    expect(net.sent).toEqual(["POST /notifications/read-all"]);
  });

  it("a checkout whose answer is lost is retried with its Idempotency-Key and places one order", async () => {
    const kit = await variantBySku("SOLAR-LIGHTING-KIT");
    const { client, net, person } = await signedInClient("Emeka Obi");
    await client.call("addToCart", { body: { variantId: kit.id, quantity: 1 } });
    net.sent.length = 0;
    net.loseAnswers(2);
    const placed = await client.call("checkout", {
      idempotencyKey: `emeka-${Date.now()}`,
      body: {
        fullName: "Emeka Obi",
        phone: "0803 555 0177",
        addressLine: "3 Ogui Road, Enugu",
        city: "Enugu",
        state: "Enugu",
        deliveryMethod: "standard",
        paymentMethod: "paystack",
      },
    });
    expect(net.sent).toEqual(["POST /checkout", "POST /checkout", "POST /checkout"]);
    expect(placed.payment?.authorizationUrl).toContain(paystack.url);
    expect(await getDb().select().from(orders).where(eq(orders.userId, person.id))).toHaveLength(1);
    const listed = await client.call("listOrders");
    expect(listed.items.map((o) => o.number)).toEqual([placed.order.number]);
  });
});

describe("the queue of sync events", () => {
  it("keeps events made offline and sends them in order on connect; a failing high-priority one stops the flush and is kept", async () => {
    const { client: phone, net, person } = await signedInClient("Halima Sani");
    const queue = createSyncQueue(phone, { source: "mobile" });

    await queue.emit("mobile_sync", { screen: "cart" });
    await queue.emit("payment_status", { order: "ZV-100200" }, { priority: "high" });
    await queue.emit("mobile_sync", { screen: "orders" });
    expect(await queue.pending()).toHaveLength(3);

    // Back online on a network that drops the request: the batch holds a high-priority event, so all of it stays.
    net.failRequests(1);
    expect(await queue.setOnline(true)).toEqual({ sent: 0, kept: 3 });
    expect((await queue.pending()).map((e) => e.type)).toEqual(["mobile_sync", "payment_status", "mobile_sync"]);

    // The next connect sends them, in the order they were made, to the person's other devices.
    expect(await queue.flush()).toEqual({ sent: 3, kept: 0 });
    const laptop = createZavolahClient({ baseUrl, platform: "web" });
    await laptop.login({
      email: person.email,
      password: "sunshine1",
      platform: "web",
      deviceInfo: { id: `laptop-${person.id}`, type: "web", name: "Halima's laptop" },
    });
    const seen = await laptop.call("listSyncEvents", { query: { after: 0 } });
    expect(
      seen.items.map((e) => [e.type, (e.data as { screen?: string; order?: string }).screen ?? (e.data as { order: string }).order]),
    ).toEqual([
      ["mobile_sync", "cart"],
      ["payment_status", "ZV-100200"],
      ["mobile_sync", "orders"],
    ]);

    // While online, an event goes at once; a failed medium-priority one is given up, and the queue moves on.
    net.failRequests(1);
    await queue.emit("mobile_sync", { screen: "lost" });
    expect(await queue.pending()).toEqual([]);
    await queue.emit("mobile_sync", { screen: "kept" });
    const after = await laptop.call("listSyncEvents", { query: { after: seen.lastSeq } });
    expect(after.items.map((e) => (e.data as { screen: string }).screen)).toEqual(["kept"]);
  });
});

describe("files and forms", () => {
  it("downloads a driver's statement as a PDF, and sends a form as multipart (a refusal in the error shape, not 415)", async () => {
    const driver = await createTestDriver({ name: "Kunle Ajayi" });
    const client = createZavolahClient({ baseUrl, platform: "mobile", retryDelaysMs: [5, 10, 20] });
    const signedIn = await client.call("pinLogin", {
      body: {
        subscriptionId: driver.code,
        pin: driver.pin,
        platform: "mobile",
        deviceInfo: { id: "kunle-itel-p55", type: "mobile", name: "Kunle's itel" },
      },
    });
    await client.tokens.set({ token: signedIn.token, refreshToken: "" });
    const statement = await client.download("getStatementPdf");
    expect(statement.contentType).toBe("application/pdf");
    expect(statement.filename).toMatch(/\.pdf$/);
    expect(new TextDecoder().decode(statement.bytes.subarray(0, 5))).toBe("%PDF-");

    const { client: student } = await signedInClient("Ifeanyi Obi");
    const form = new FormData();
    form.set("text", "My wiring plan.");
    form.set("file", new Blob(["%PDF-1.4\n%%EOF\n"], { type: "application/pdf" }), "plan.pdf");
    await expect(
      student.submitForm("submitAssignment", { params: { slug: "solar-installation-fundamentals", assignmentId: "999999" }, form }),
    ).rejects.toMatchObject({ status: 404, code: "not_found" });
  });
});
