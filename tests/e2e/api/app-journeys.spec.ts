import { expect, test } from "@playwright/test";
import WebSocket from "ws";
import { createZavolahClient, ZavolahApiError, type TZavolahClient } from "../../../clients/zavolah-api/client";
import { BASE, joinZavChargeOnTheSite, linkFromMailbox, signedInNewCustomer, uniqueEmail, uniquePhone } from "../support";
import { startSimulatedCharger } from "../zavcharge/simulated-charger";

// The Zavolah app's journeys through its typed client (docs/product/api-gateway.md#the-typed-client), against the
// journeys' server: register and confirm, sign in as a phone, buy with one Idempotency-Key sent again and again (one
// order), pay on the Paystack fake's page, hear it on a second device; enrol in a course; charge at a station whose
// charger is the OCPP simulator; a stolen refresh token ends the device's sign-in; signing out one device leaves the
// other. Wuse II's charger (ZAV-CP-004) is this file's own: no other journey uses that station.

const API = `${BASE}/api/v1`;
const PASSWORD = "Sunshine2026!";
const STATION = "wuse-2-abuja";

/** A network for the app that can lose answers after the server has acted on the request, as a dropped connection does. */
function phoneNetwork() {
  const sent: string[] = [];
  let lose = 0;
  const network: typeof fetch = async (input, init) => {
    sent.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname.replace("/api/v1", "")}`);
    const answer = await fetch(input, init);
    if (lose > 0) {
      lose--;
      await answer.arrayBuffer();
      throw new TypeError("fetch failed: the connection dropped before the answer arrived");
    }
    return answer;
  };
  return { network, sent, loseAnswers: (n: number) => (lose = n) };
}

const app = (fetchImpl?: typeof fetch) =>
  createZavolahClient({ baseUrl: API, platform: "mobile", fetch: fetchImpl, retryDelaysMs: [200, 400, 800] });

const device = (id: string, name: string) => ({ id, type: "mobile" as const, name });

/** A second device's realtime link, opened with its access token; what it hears. */
async function realtimeLink(client: TZavolahClient) {
  const heard: { type: string; [k: string]: unknown }[] = [];
  const ws = new WebSocket(`${BASE.replace(/^http/, "ws")}/ws`, { headers: { Authorization: `Bearer ${client.tokens.get()!.token}` } });
  ws.on("message", (data) => heard.push(JSON.parse(String(data)) as { type: string }));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return { ws, heard };
}

test("the app: register, confirm, sign in as a phone, buy with one key sent four times (one order), pay, and the tablet hears it", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("amina");
  const net = phoneNetwork();
  const phone = app(net.network);
  const registered = await phone.call("register", {
    body: {
      name: "Amina Bello",
      email,
      phone: uniquePhone(),
      password: PASSWORD,
      agreedToTerms: true,
      deviceInfo: device("amina-tecno-camon-20", "Amina's Tecno Camon 20"),
    },
  });
  expect(registered.registered).toBe(true);
  await phone.login({
    email,
    password: PASSWORD,
    platform: "mobile",
    deviceInfo: device("amina-tecno-camon-20", "Amina's Tecno Camon 20"),
  });
  // Nothing that spends money before the address is confirmed.
  const product = await phone.call("getProduct", { params: { slug: "solar-flood-light-200w" } });
  const variant = product.variants.find((v) => v.sku === "FLOOD-LIGHT-100W")!;
  await phone.call("addToCart", { body: { variantId: variant.id, quantity: 2 } });
  const delivery = {
    fullName: "Amina Bello",
    phone: "0803 612 4455",
    addressLine: "14 Aminu Kano Crescent, Wuse II",
    city: "Abuja Municipal",
    state: "Federal Capital Territory",
    deliveryMethod: "standard" as const,
    paymentMethod: "paystack" as const,
  };
  const unconfirmed = await phone
    .call("checkout", { idempotencyKey: `amina-unconfirmed-${Date.now()}`, body: delivery })
    .catch((e: unknown) => e);
  expect(unconfirmed).toBeInstanceOf(ZavolahApiError);
  expect((unconfirmed as ZavolahApiError).status, (unconfirmed as ZavolahApiError).message).toBe(403);

  // The e-mailed link opens in the phone's browser, not the app that registered: it asks for the password first.
  await page.goto(await linkFromMailbox(browser, email, "/auth/callback"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByText("E-mail confirmed")).toBeVisible();
  expect((await phone.call("getProfile")).emailVerified).toBe(true);

  // The tablet, signed in as the same person, keeps its realtime link open.
  const tablet = app();
  await tablet.login({ email, password: PASSWORD, platform: "mobile", deviceInfo: device("amina-galaxy-tab-a9", "Amina's Galaxy Tab A9") });
  const link = await realtimeLink(tablet);
  try {
    // The answer is lost twice on the way back: the client sends the same key again, and the app once more later.
    const key = `amina-checkout-${Date.now()}`;
    net.loseAnswers(2);
    const placed = await phone.call("checkout", { idempotencyKey: key, body: delivery });
    const again = await phone.call("checkout", { idempotencyKey: key, body: delivery });
    expect(net.sent.filter((s) => s === "POST /checkout")).toHaveLength(5); // the unconfirmed try, three, and the app's own
    expect(again.order.number).toBe(placed.order.number);
    const orders = await phone.call("listOrders");
    expect(orders.items.map((o) => o.number)).toEqual([placed.order.number]);
    expect(placed.order.totalKobo).toBe(orders.items[0]!.totalKobo);

    // The app opens Paystack's page; the person pays.
    await page.goto(placed.payment!.authorizationUrl);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=/);
    await expect.poll(async () => (await phone.call("getOrder", { params: { number: placed.order.number } })).status).toBe("paid");
    const receipt = await phone.download("getOrderReceipt", { params: { number: placed.order.number } });
    expect(receipt.filename).toBe(`zavolah-receipt-${placed.order.number}.pdf`);
    expect(new TextDecoder().decode(receipt.bytes.subarray(0, 5))).toBe("%PDF-");

    // The tablet heard the order's notifications live.
    await expect.poll(() => link.heard.filter((m) => m.type === "notification").length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const unread = await tablet.call("listNotifications");
    expect(unread.items.some((n) => n.title.includes(placed.order.number))).toBe(true);
  } finally {
    link.ws.close();
  }
});

test("the app: enrol in a free course, then start and stop a charge at a station whose charger answers over OCPP", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const email = await signedInNewCustomer(page.request, browser, "Emeka Okafor");
  // The ZavCharge account is opened on the website (the app opens it in a browser).
  await joinZavChargeOnTheSite(page, "482915");

  const phone = app();
  await phone.login({
    email,
    password: PASSWORD,
    platform: "mobile",
    deviceInfo: device("emeka-infinix-hot-40", "Emeka's Infinix Hot 40"),
  });
  const enrolled = await phone.call("enrolInFreeCourse", { params: { slug: "solar-for-homeowners" }, body: {} });
  expect(enrolled.slug).toBe("solar-for-homeowners");
  expect((await phone.call("getLearning")).courses.map((c) => c.slug)).toContain("solar-for-homeowners");

  const account = await phone.call("getDriverAccount");
  expect(account.balanceKobo).toBe(100_000);
  const station = await phone.call("getStation", { params: { slug: STATION } });
  const charger = startSimulatedCharger("ZAV-CP-004", ["--power", "22", "--interval", "1", "--minutes", "10"]);
  try {
    // A start is refused until the station's charger has connected and booted (each try with a key of its own).
    const start = { stationId: station.id, slotNumber: 1, moneyLimitKobo: 50_000 };
    let key = "";
    let started: Awaited<ReturnType<typeof phone.call<"startCharging">>> | null = null;
    await expect(async () => {
      key = `emeka-charge-${Date.now()}`;
      started = await phone.call("startCharging", { idempotencyKey: key, body: start });
    }, "the simulated charger connects").toPass({ timeout: 30_000 });
    // A retry with the same key starts nothing more.
    expect(await phone.call("startCharging", { idempotencyKey: key, body: start })).toEqual(started);

    // The session runs and the charger's meter values arrive: energy is counted before the driver stops.
    let sessionId = 0;
    await expect
      .poll(
        async () => {
          const live = (await phone.call("getDriverActivity")).live;
          sessionId = live?.sessionId ?? 0;
          return live?.energyWh ?? 0;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await phone.call("stopCharging", { body: { sessionId } });
    await expect
      .poll(async () => (await phone.call("getChargingSession", { params: { id: String(sessionId) } })).status, { timeout: 20_000 })
      .toBe("completed");
    const session = await phone.call("getChargingSession", { params: { id: String(sessionId) } });
    const cost = session.costKobo!;
    expect(cost).toBeGreaterThan(0);
    const ledger = await phone.call("listWalletLedger");
    // Charged once: one debit for the session, and the balance is what the ledger says.
    expect(ledger.items.filter((e) => e.sessionId === sessionId).map((e) => e.amountKobo)).toEqual([-cost]);
    expect((await phone.call("getDriverAccount")).balanceKobo).toBe(100_000 - cost);
    expect(ledger.items[0]!.balanceAfterKobo).toBe(100_000 - cost);
  } finally {
    charger.child.kill("SIGTERM");
  }
});

test("the app: a refresh token used twice ends that phone's sign-in; signing one device out leaves the other signed in", async ({
  request,
  browser,
}) => {
  const email = await signedInNewCustomer(request, browser, "Funmilayo Adeyemi");
  const phone = app();
  const laptop = app();
  await phone.login({ email, password: PASSWORD, platform: "mobile", deviceInfo: device("funmi-redmi-note-13", "Funmi's Redmi Note 13") });
  await laptop.login({ email, password: PASSWORD, platform: "mobile", deviceInfo: device("funmi-ipad-air-2024", "Funmi's iPad Air") });

  // A copy of the phone's first refresh token, used after the phone has refreshed twice: the copy is detected and the
  // phone's sign-in ends (the server cannot tell the thief from the owner); the laptop is untouched.
  const stolen = phone.tokens.get()!.refreshToken;
  for (let i = 0; i < 2; i++) {
    const pair = await phone.call("refresh", { body: { refreshToken: phone.tokens.get()!.refreshToken } });
    await phone.tokens.set({ token: pair.token, refreshToken: pair.refreshToken });
  }
  expect((await phone.call("getProfile")).email).toBe(email);
  const thief = app();
  await expect(thief.call("refresh", { body: { refreshToken: stolen } })).rejects.toMatchObject({ status: 401 });
  await expect(phone.call("getProfile")).rejects.toMatchObject({ status: 401 });
  expect(phone.tokens.get()).toBeNull();
  expect((await laptop.call("getProfile")).email).toBe(email);

  // The phone signs in again, then signs itself out: the laptop stays signed in.
  await phone.login({ email, password: PASSWORD, platform: "mobile", deviceInfo: device("funmi-redmi-note-13", "Funmi's Redmi Note 13") });
  const token = phone.tokens.get()!.token;
  await phone.logout("funmi-redmi-note-13");
  const ended = await fetch(`${API}/me`, { headers: { "X-API-Version": "1.0", Authorization: `Bearer ${token}` } });
  expect(ended.status).toBe(401);
  expect((await laptop.call("getProfile")).email).toBe(email);
  const devices = await laptop.call("listDevices");
  expect(devices.devices.map((d) => [d.name, d.isActive]).sort()).toEqual([
    ["Funmi's Redmi Note 13", false],
    ["Funmi's iPad Air", true],
  ]);
});
