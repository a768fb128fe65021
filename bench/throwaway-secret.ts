import { randomBytes } from "node:crypto";
import { useSigningSecret } from "../server/env";

/**
 * Benchmarks run on throwaway databases: they sign with a random secret of their own for the run, as a server loads
 * one at start (docs/product/accounts.md#the-signing-secret), never with a value in the repository.
 */
export function useThrowawaySecret() {
  useSigningSecret(randomBytes(48).toString("base64url"));
}
