import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestStation } from "../../../tests/support/zavcharge-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { getDb } from "../../db/client";
import { hashPin } from "../accounts/pin-hash";
import { chargers } from "./schema";
import { authenticateCharger } from "./authenticate-charger";
import { hashChargerPassword } from "./charger-password";

// Chargers' passwords (docs/product/zavcharge.md#chargers): kept as an HMAC with the site's key, checked in
// microseconds; a charger saved with a scrypt hash before still gets in, and its hash is rewritten on that connection.

useTestDatabase();
const PASSWORD = "kq3V-8wLz-Tn2e-Hb7c";

async function chargerWith(passwordHash: string, protocol: "ocpp" | "mqtt" = "ocpp") {
  const { station } = await createTestStation();
  const chargePointId = `ZAV-PW-${randomInt(1_000_000_000)}`;
  const [c] = await getDb()
    .insert(chargers)
    .values({ chargePointId, stationId: station.id, passwordHash, protocol, commissioned: true })
    .returning();
  return c!;
}
const hashOf = async (id: number) => (await getDb().select({ h: chargers.passwordHash }).from(chargers).where(eq(chargers.id, id)))[0]!.h;

describe("charger passwords", () => {
  it("are kept as a keyed hash: the right password gets in, another does not, nor another charger's id", async () => {
    const hash = await hashChargerPassword(PASSWORD);
    expect(hash).toMatch(/^hmac\$[0-9a-f]{64}$/);
    expect(hash).not.toContain(PASSWORD);
    const charger = await chargerWith(hash);
    expect(await authenticateCharger(charger.chargePointId, PASSWORD)).toMatchObject({ chargerId: charger.id });
    expect(await authenticateCharger(charger.chargePointId, `${PASSWORD}x`)).toBeNull();
    expect(await authenticateCharger(charger.chargePointId, PASSWORD, "mqtt")).toBeNull();
    expect(await authenticateCharger("ZAV-PW-UNKNOWN", PASSWORD)).toBeNull();
  });

  it("saved with a scrypt hash before, get in with it once and are kept as the keyed hash from then on", async () => {
    const charger = await chargerWith(await hashPin(PASSWORD));
    expect(await authenticateCharger(charger.chargePointId, "wrong-password-0000")).toBeNull();
    expect(await hashOf(charger.id)).toMatch(/^scrypt\$/); // a wrong password rewrites nothing
    expect(await authenticateCharger(charger.chargePointId, PASSWORD)).toMatchObject({ chargerId: charger.id });
    expect(await hashOf(charger.id)).toBe(await hashChargerPassword(PASSWORD));
    expect(await authenticateCharger(charger.chargePointId, PASSWORD)).toMatchObject({ chargerId: charger.id });
  });

  it("a malformed hash never matches", async () => {
    for (const stored of ["hmac$zz", "hmac$", "plain-text", `hmac$${"0".repeat(64)}`]) {
      const charger = await chargerWith(stored);
      expect(await authenticateCharger(charger.chargePointId, PASSWORD)).toBeNull();
    }
  });
});
