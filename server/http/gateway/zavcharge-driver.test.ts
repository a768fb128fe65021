import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, registeredPerson, useGateway, type TGatewayCall } from "../../../tests/support/gateway-fixtures";
import { listProduct, makeSeller } from "../../../tests/support/marketplace-fixtures";
import { checkoutFor, placeOrderOrFail } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { createTestDriver, createTestStation } from "../../../tests/support/zavcharge-fixtures";
import { getDb } from "../../db/client";
import { startAttendedSession } from "../../zavcharge/sessions/start-attended-session";
import { stopAttendedSession } from "../../zavcharge/sessions/stop-attended-session";
import { postWalletEntry } from "../../zavcharge/wallet/post-wallet-entry";
import { zavchargeAccounts } from "../../zavcharge/schema";

// What a ZavCharge driver's app notices (docs/product/api-gateway.md#signing-in and #zavcharge): signing in with the
// subscription id and PIN gives a token for ZavCharge only, with the website's PIN limits; the wallet ledger and the
// sessions page without gaps or repeats; another driver's session is not found; the statement adds up. And a buyer's
// marketplace purchases (docs/product/api-gateway.md#marketplace).

useTestDatabase();
const call = useGateway("ZAVDRIVER01");

const DEVICE = { id: "driver-phone-0001", type: "mobile", name: "Emeka's Infinix" };

const pinLogin = (subscriptionId: string, pin: string, ip = "10.99.0.1") =>
  call("POST", "/auth/pin-login", {
    body: { subscriptionId, pin, platform: "mobile", deviceInfo: DEVICE },
    headers: { "X-Platform": "mobile", "X-Forwarded-For": ip },
  });

async function driverToken(subscriptionId: string, pin: string, ip?: string) {
  const answer = await pinLogin(subscriptionId, pin, ip);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

/** Every item of a paged list, page by page, `limit` a page. */
async function allPages(c: TGatewayCall, path: string, token: string, limit: number) {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const answer = await c("GET", `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    items.push(...(answer.body.items as Record<string, unknown>[]));
    cursor = answer.body.nextCursor as string | null;
    pages++;
  } while (cursor && pages < 50);
  return { items, pages };
}

async function charge(accountId: number, slot: { id: number; stationId: number }, wh: number) {
  const started = await startAttendedSession({
    for: { kind: "driver", accountId },
    stationId: slot.stationId,
    slotId: slot.id,
    meterStartWh: 0,
  });
  if (!started.ok) throw new Error(started.error.message);
  const stopped = await stopAttendedSession({ sessionId: started.sessionId, meterStopWh: wh, stoppedByUserId: null });
  if (!stopped.ok) throw new Error(stopped.error.message);
  return started.sessionId;
}

describe("the driver-only sign-in", () => {
  it("opens the driver's ZavCharge account and nothing else, and ends at sign-out", async () => {
    const emeka = await createTestDriver({ balanceKobo: 750_000, name: "Emeka Nwosu", pin: "246801" });
    const signedIn = await pinLogin(emeka.code.toLowerCase(), "246 801");
    expect(signedIn).toMatchObject({ status: 200, body: { expiresIn: 12 * 3600, account: { code: emeka.code, name: "Emeka Nwosu" } } });
    const token = signedIn.body.token as string;
    expect(token).toMatch(/^zpt_/);
    expect(signedIn.body).not.toHaveProperty("refreshToken");

    expect(await call("GET", "/zavcharge/account", { token })).toMatchObject({
      status: 200,
      body: { code: emeka.code, balanceKobo: 750_000, state: "active" },
    });
    for (const [method, path] of [
      ["GET", "/me"],
      ["GET", "/cart"],
      ["GET", "/orders"],
      ["GET", "/devices"],
    ] as const)
      expect(await call(method, path, { token }), path).toMatchObject({
        status: 403,
        body: {
          code: "forbidden",
          message: expect.stringContaining("ZavCharge only") as unknown,
          requestId: expect.any(String) as unknown,
        },
      });
    expect(
      await call("POST", "/checkout", { token, body: {}, headers: { "Idempotency-Key": `emeka-checkout-${Date.now()}` } }),
    ).toMatchObject({ status: 403 });

    expect(await call("POST", "/auth/pin-logout", { token, body: {} })).toMatchObject({ status: 200, body: { signedOut: true } });
    const after = await call("GET", "/zavcharge/account", { token });
    expect(after).toMatchObject({ status: 401, body: { code: "unauthenticated" } });
    expect(after.headers.get("www-authenticate")).toContain("Bearer");
    // A made-up driver token opens nothing either.
    expect(await call("GET", "/zavcharge/account", { token: `zpt_${"A".repeat(43)}` })).toMatchObject({ status: 401 });
  });

  it("answers one message for a wrong id or PIN, and after 5 wrong PINs stops this address as the website does", async () => {
    const ada = await createTestDriver({ name: "Adaeze Okafor", pin: "135790" });
    const wrongId = await pinLogin("ZAV00000000ABCD", "135790", "10.99.1.1");
    const wrongPin = await pinLogin(ada.code, "999999", "10.99.1.2");
    expect(wrongId).toMatchObject({ status: 401, body: { code: "unauthenticated", message: "Invalid Subscription ID or PIN" } });
    expect(wrongPin.body.message).toBe(wrongId.body.message);
    expect(await pinLogin(ada.code, "12345", "10.99.1.2")).toMatchObject({ status: 400, body: { field: "pin" } });

    const ip = "10.99.1.3";
    for (let i = 0; i < 5; i++) expect((await pinLogin(ada.code, "000000", ip)).status).toBe(401);
    // The sixth, even with the right PIN, is refused with the website's message.
    expect(await pinLogin(ada.code, "135790", ip)).toMatchObject({
      status: 429,
      body: {
        code: "rate_limited",
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/) as unknown,
      },
    });
    // The driver on their own phone still signs in.
    await driverToken(ada.code, "135790", "10.99.1.4");
  });
});

describe("the ledger, sessions and statement", () => {
  it("pages the ledger newest first without gaps or repeats, adding up to the balance, for the driver token and the person's", async () => {
    const tola = await createTestDriver({ balanceKobo: 500_000, name: "Tola Adeyemi" });
    for (let i = 1; i <= 6; i++)
      await getDb().transaction((tx) =>
        postWalletEntry(tx, {
          accountId: tola.accountId,
          kind: "top_up",
          amountKobo: 100_000 * i,
          reference: `test-top-up:${tola.accountId}:${i}`,
          description: `Top-up ${i}`,
        }),
      );
    const { slots } = await createTestStation({ pricePerKwhKobo: 25_000 });
    await charge(tola.accountId, slots[0]!, 4_000); // ₦1,000

    const token = await driverToken(tola.code, tola.pin);
    const { items, pages } = await allPages(call, "/zavcharge/ledger", token, 3);
    expect(pages).toBe(3);
    expect(items).toHaveLength(8);
    const ids = items.map((e) => e.id as number);
    expect(new Set(ids).size).toBe(8);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(items[0]).toMatchObject({ kind: "charging", amountKobo: -100_000 });
    const account = await call("GET", "/zavcharge/account", { token });
    const sum = items.reduce((total, e) => total + (e.amountKobo as number), 0);
    expect(sum).toBe(account.body.balanceKobo);
    expect(items[0]!.balanceAfterKobo).toBe(account.body.balanceKobo);

    // The same ledger for the person signed in with their password.
    const person = await registeredPerson("Tola Adeyemi");
    await getDb().update(zavchargeAccounts).set({ userId: person.id }).where(eq(zavchargeAccounts.id, tola.accountId));
    const personal = (await apiTokens(call, person.email, "tola-phone-0001")).token;
    expect((await allPages(call, "/zavcharge/ledger", personal, 100)).items).toEqual(items);
    expect(await call("GET", "/zavcharge/ledger?cursor=not-ours", { token: personal })).toMatchObject({
      status: 400,
      body: { field: "cursor" },
    });
  });

  it("pages the sessions, shows one, hides another driver's, and the statement's totals match the sessions", async () => {
    const chidi = await createTestDriver({ balanceKobo: 2_000_000, name: "Chidi Eze" });
    const musa = await createTestDriver({ balanceKobo: 2_000_000, name: "Musa Bello" });
    const { slots } = await createTestStation({ pricePerKwhKobo: 25_000, slots: 2 });
    const mine: number[] = [];
    for (const wh of [4_000, 10_500, 2_200, 8_000, 1_000]) mine.push(await charge(chidi.accountId, slots[0]!, wh));
    const theirs = await charge(musa.accountId, slots[1]!, 33_000);

    const token = await driverToken(chidi.code, chidi.pin);
    const { items, pages } = await allPages(call, "/zavcharge/sessions", token, 2);
    expect(pages).toBe(3);
    expect(items.map((s) => s.id).sort()).toEqual([...mine].sort());
    expect(new Set(items.map((s) => s.id)).size).toBe(5);

    const one = await call("GET", `/zavcharge/sessions/${mine[1]}`, { token });
    expect(one).toMatchObject({ status: 200, body: { id: mine[1], energyWh: 10_500, costKobo: 262_500, status: "completed" } });
    expect(await call("GET", `/zavcharge/sessions/${theirs}`, { token })).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(await call("GET", "/zavcharge/sessions/abc", { token })).toMatchObject({ status: 404 });
    // A cursor made from another driver's session starts nowhere.
    const foreign = Buffer.from(JSON.stringify([theirs])).toString("base64url");
    expect(await call("GET", `/zavcharge/sessions?cursor=${foreign}`, { token })).toMatchObject({ status: 200, body: { items: [] } });

    const statement = await call("GET", "/zavcharge/statement", { token });
    expect(statement.status).toBe(200);
    const rows = statement.body.rows as { sessionId: number; costKobo: number }[];
    const spent = items.reduce((total, s) => total + (s.costKobo as number), 0);
    expect(rows.map((r) => r.sessionId).sort()).toEqual([...mine].sort());
    expect(statement.body.totals).toMatchObject({ sessions: 5, amountSpentKobo: spent, balanceKobo: 2_000_000 - spent });
    expect(spent).toBe(((4_000 + 10_500 + 2_200 + 8_000 + 1_000) * 25_000) / 1000);

    // This Lagos month's statement has them all; another month none, with the balance now.
    const month = new Date(Date.now() + 3600_000).toISOString().slice(0, 7);
    expect((await call("GET", `/zavcharge/statements/${month}`, { token })).body).toMatchObject({
      month,
      totals: { sessions: 5, amountSpentKobo: spent },
    });
    expect((await call("GET", "/zavcharge/statements/2020-01", { token })).body).toMatchObject({
      month: "2020-01",
      rows: [],
      totals: { sessions: 0, amountSpentKobo: 0, balanceKobo: 2_000_000 - spent },
    });
    expect(await call("GET", "/zavcharge/statements/2026-13", { token })).toMatchObject({ status: 400, body: { field: "month" } });

    // The same statement as the PDF the history page offers, a download.
    const pdf = await fetch(`${call.base()}/zavcharge/statement.pdf`, {
      headers: { "X-API-Version": "1.0", Authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });
});

describe("a buyer's marketplace purchases", () => {
  it("lists the buyer's parts a page at a time, shows one, and another person's is not found", async () => {
    const musa = await makeSeller("seller", "Musa Danjuma");
    const desk = await listProduct(musa, { priceKobo: 8_500_000, stock: 10 });
    const buyer = await registeredPerson("Chiamaka Obi", { confirmed: true });
    const customer = { userId: buyer.id, email: buyer.email, name: "Chiamaka Obi" };
    for (let i = 0; i < 3; i++)
      await placeOrderOrFail({
        customer,
        checkout: checkoutFor("Chiamaka Obi"),
        lines: [{ kind: "listing", listingId: desk.id, quantity: 1 }],
      });
    const token = (await apiTokens(call, buyer.email, "chiamaka-phone-01")).token;

    const { items, pages } = await allPages(call, "/marketplace/orders", token, 2);
    expect(pages).toBe(2);
    expect(items).toHaveLength(3);
    expect(new Set(items.map((p) => p.id)).size).toBe(3);
    expect(items[0]).toMatchObject({
      seller: { name: "Musa Danjuma Studio", slug: musa.slug },
      lines: [{ quantity: 1, unitPriceKobo: 8_500_000, listingSlug: desk.slug }],
      currency: "NGN",
    });
    expect(items[0]).not.toHaveProperty("commissionKobo");
    const first = items[0]!;
    expect(await call("GET", `/marketplace/orders/${first.id}`, { token })).toMatchObject({
      status: 200,
      body: { id: first.id, label: first.label },
    });

    const stranger = await registeredPerson("Bisi Alabi");
    const theirs = (await apiTokens(call, stranger.email, "bisi-phone-0001")).token;
    expect(await call("GET", `/marketplace/orders/${first.id}`, { token: theirs })).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    expect(await call("GET", "/marketplace/orders", { token: theirs })).toMatchObject({
      status: 200,
      body: { items: [], nextCursor: null },
    });
  });
});
