import { createHmac, randomBytes, randomInt } from "node:crypto";
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH } from "@domain/gateway/device-pairing";
import { authSecret } from "../env";
import { tokenHash } from "./api-tokens";

// The secrets of paired devices (docs/product/api-gateway.md#arduino-devices). A device credential (`zdk_…`) is 256
// random bits made by the server, so a keyed fast hash (HMAC with the server's key) is as safe as a slow one and lets
// a thousand devices reconnect at once; a pairing code is short, so it lives 10 minutes, is used once and its tries are
// limited.

export const DEVICE_CREDENTIAL_PREFIX = "zdk_";
const CREDENTIAL_TEXT = /^zdk_[A-Za-z0-9_-]{43}$/;

export const isDeviceCredentialText = (text: string) => CREDENTIAL_TEXT.test(text);
export const newDeviceCredential = () => `${DEVICE_CREDENTIAL_PREFIX}${randomBytes(32).toString("base64url")}`;
export const deviceCredentialHash = (credential: string) =>
  createHmac("sha256", authSecret()).update(`device-credential:${credential}`).digest("hex");

export function newPairingCode(): string {
  let code = "";
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}
export const pairingCodeHash = (code: string) => tokenHash(`pairing:${code}`);

/** The MQTT user name a paired device signs in to the broker with. */
export const deviceMqttUsername = (deviceId: string) => `device:${deviceId}`;

/** The live event that tells every instance to end a device's MQTT session (its credential was replaced or revoked). */
export const DEVICE_REVOKED_EVENT = "device_revoked";
