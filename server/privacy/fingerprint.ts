import { createHmac } from "node:crypto";
import { authSecret } from "../env";

/**
 * A one-way fingerprint of a person's detail (an address, a phone number, an account id) for one purpose: an HMAC
 * under the server secret, so a table of fingerprints names nobody and cannot be reversed by trying every phone
 * number. Details are compared as given: callers normalise them first (lower-case e-mail, +234 phone).
 */
export function fingerprint(purpose: string, value: string): string {
  return createHmac("sha256", authSecret()).update(`${purpose}:${value}`).digest("base64url");
}
