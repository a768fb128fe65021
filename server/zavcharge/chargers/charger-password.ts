import { hashPin, verifyPin } from "../accounts/pin-hash";

// Chargers authenticate with HTTP Basic (docs/product/zavcharge.md#chargers): the password is kept as the same
// slow scrypt hash as drivers' PINs, compared in constant time, and never stored or logged in clear.

export function hashChargerPassword(password: string): Promise<string> {
  return hashPin(password);
}

/** A missing or malformed hash never matches, and costs the same work. */
export function verifyChargerPassword(password: string, stored: string | null): Promise<boolean> {
  return verifyPin(password, stored);
}
