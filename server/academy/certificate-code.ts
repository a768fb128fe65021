import { randomInt } from "node:crypto";
import { CERTIFICATE_CODE_ALPHABET } from "@domain/academy/academy";

/** A random certificate code such as "K7QM-2XHD-9TRA" (docs/product/academy.md#certificates): never sequential. */
export function newCertificateCode(): string {
  const chars = Array.from({ length: 12 }, () => CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}
