import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "../../env";
import { verifyPin } from "../accounts/pin-hash";

// Chargers authenticate with HTTP Basic or their MQTT password (docs/product/zavcharge.md#chargers). A charger's
// password is a machine's secret of 16 characters or more, not a person's: it is kept as an HMAC-SHA256 with the
// site's signing secret ("hmac$<hex>"), which no dictionary can attack without that key, and which costs
// microseconds, so ten thousand chargers reconnecting after a restart are not held up by a slow hash each. Chargers
// saved before kept a scrypt hash ("scrypt$..."): it still verifies, and the charger's next successful connection
// rewrites it as an HMAC (authenticate-charger.ts). People's passwords and drivers' PINs keep their slow hashes.

const SCHEME = "hmac";

const keyed = (password: string) => createHmac("sha256", authSecret()).update(`charger-password:${password}`).digest();

export async function hashChargerPassword(password: string): Promise<string> {
  return `${SCHEME}$${keyed(password).toString("hex")}`;
}

export type TChargerPasswordCheck = { ok: boolean; /** A scrypt hash from before, to be rewritten as an HMAC. */ outdated: boolean };

/** A missing or malformed hash never matches. */
export async function checkChargerPassword(password: string, stored: string | null): Promise<TChargerPasswordCheck> {
  const [scheme, hex] = (stored ?? "").split("$");
  if (scheme === "scrypt") return { ok: await verifyPin(password, stored), outdated: true };
  const actual = keyed(password);
  const expected = scheme === SCHEME && hex && /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, "hex") : null;
  return { ok: expected !== null && timingSafeEqual(expected, actual), outdated: false };
}

export async function verifyChargerPassword(password: string, stored: string | null): Promise<boolean> {
  return (await checkChargerPassword(password, stored)).ok;
}
