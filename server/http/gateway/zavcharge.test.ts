import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, registeredPerson, useGateway } from "../../../tests/support/gateway-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { createTestDriver, createTestStation } from "../../../tests/support/zavcharge-fixtures";
import { makeUser } from "../../../tests/support/store-fixtures";
import { getDb } from "../../db/client";
import { updateSettings } from "../../settings/update-settings";
import { zavchargeAccounts } from "../../zavcharge/schema";

// A driver's ZavCharge account through the API (docs/product/api-gateway.md#zavcharge): the account and its balance,
// recent activity, and starting and stopping a charge with the dashboard's rules. Starting on a charger that is not
// connected is refused with the dashboard's message; the running charger itself is proved by the OCPP tests of the
// same use cases (server/zavcharge/chargers/ocpp/ocpp-server.test.ts).

useTestDatabase();
const call = useGateway("ZAVCHARGE01");

/** A registered person whose ZavCharge account holds ₦10,000. */
async function driver(name: string) {
  const person = await registeredPerson(name);
  const account = await createTestDriver({ balanceKobo: 1_000_000, name });
  await getDb().update(zavchargeAccounts).set({ userId: person.id }).where(eq(zavchargeAccounts.id, account.accountId));
  return { ...person, account, token: (await apiTokens(call, person.email, `zav-${person.id}`)).token };
}

describe("a driver's account through the API", () => {
  it("answers the account, balance and activity, refuses a start on a charger that is not connected, and is none of another person's", async () => {
    const tunde = await driver("Tunde Bakare");
    expect(await call("GET", "/zavcharge/account", { token: tunde.token })).toMatchObject({
      status: 200,
      body: { code: tunde.account.code, state: "active", balanceKobo: 1_000_000, currency: "NGN" },
    });
    const activity = await call("GET", "/zavcharge/activity", { token: tunde.token });
    expect(activity).toMatchObject({ status: 200, body: { live: null, sessions: [] } });
    expect((activity.body.entries as { kind: string; amountKobo: number }[])[0]).toMatchObject({ kind: "top_up", amountKobo: 1_000_000 });

    const { station } = await createTestStation({ name: "Lekki Phase 1 Hub" });
    const start = { stationId: station.id, slotNumber: 1, moneyLimitKobo: 300_000 };
    expect(await call("POST", "/zavcharge/charging/start", { token: tunde.token, body: start })).toMatchObject({
      status: 400,
      body: { field: "Idempotency-Key" },
    });
    const refused = await call("POST", "/zavcharge/charging/start", {
      token: tunde.token,
      body: start,
      headers: { "Idempotency-Key": `tunde-start-${Date.now()}` },
    });
    expect(refused).toMatchObject({
      status: 503,
      body: { code: "unavailable", message: "Lekki Phase 1 Hub's charger is not connected at the moment." },
    });
    expect(
      await call("POST", "/zavcharge/charging/start", {
        token: tunde.token,
        body: { ...start, energyLimitWh: 10_000 },
        headers: { "Idempotency-Key": `tunde-start-both-${Date.now()}` },
      }),
    ).toMatchObject({ status: 400, body: { field: "moneyLimitKobo" } });
    expect(await call("POST", "/zavcharge/charging/stop", { token: tunde.token, body: { sessionId: 999_999 } })).toMatchObject({
      status: 404,
    });

    const stranger = await registeredPerson("Amina Yusuf");
    const theirs = await apiTokens(call, stranger.email, "amina-phone-0001");
    expect(await call("GET", "/zavcharge/account", { token: theirs.token })).toMatchObject({
      status: 404,
      body: { message: "You have no ZavCharge account: join ZavCharge first." },
    });
  });

  it("is unavailable while ZavCharge is switched off, and back when it is on again", async () => {
    const ada = await driver("Adaeze Okonkwo");
    const admin = await makeUser("admin", "Olumide Bankole");
    await updateSettings(admin.id, { zavChargeEnabled: false });
    try {
      expect(await call("GET", "/zavcharge/account", { token: ada.token })).toMatchObject({
        status: 503,
        body: { code: "unavailable", message: "ZavCharge is not available at the moment." },
      });
    } finally {
      await updateSettings(admin.id, { zavChargeEnabled: true });
    }
    expect(await call("GET", "/zavcharge/account", { token: ada.token })).toMatchObject({ status: 200 });
  });
});
