import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { env, useSigningSecret } from "../env";

// The secret that signs sessions, e-mailed links and privacy fingerprints (docs/product/accounts.md#the-signing-secret).
// BETTER_AUTH_SECRET when set; otherwise one generated at the first start and kept in the data folder beside the
// embedded database, so it survives restarts and is never a value anyone could read in the repository.

export const SIGNING_SECRET_FILE = "signing-secret";
const MIN_LENGTH = 32;

export type TSigningSecretSource = "environment" | "generated" | "data folder";
export type TSigningSecret = { secret: string; source: TSigningSecretSource; file: string | null };

/** Where the server's signing secret comes from; throws, with a message for the operator, when it must not start. */
export function resolveSigningSecret(input: {
  configured: string | undefined;
  nodeEnv: string;
  databaseUrl: string | undefined;
  dataDir: string;
}): TSigningSecret {
  if (input.configured) {
    if (input.configured.length < MIN_LENGTH) throw new Error("BETTER_AUTH_SECRET is shorter than 32 characters.");
    return { secret: input.configured, source: "environment", file: null };
  }
  if (input.databaseUrl && input.nodeEnv === "production")
    throw new Error(
      "BETTER_AUTH_SECRET must be set when DATABASE_URL is: every server on that database must sign with the same secret " +
        "(32 or more random characters, for example the output of `openssl rand -base64 48`).",
    );
  const dir = resolve(input.dataDir);
  const file = join(dir, SIGNING_SECRET_FILE);
  mkdirSync(dir, { recursive: true });
  const stored = readStored(file);
  if (stored !== null) return { secret: stored, source: "data folder", file };
  // Written whole to a file of its own, then linked into place: a second process starting at the same moment either
  // links first or finds the complete file, never half of it.
  const secret = randomBytes(48).toString("base64url");
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return { secret, source: "generated", file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { secret: readStored(file)!, source: "data folder", file };
  } finally {
    rmSync(draft, { force: true });
  }
}

function readStored(file: string): string | null {
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (secret.length < MIN_LENGTH)
    throw new Error(
      `The signing secret in ${file} is shorter than 32 characters (the file was cut or edited). Delete the file to have a ` +
        "new one made at the next start (everyone is signed out and e-mailed links stop working), or set BETTER_AUTH_SECRET.",
    );
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600); // readable by the server's own user only
  return secret;
}

/**
 * Server start-up, before anything signs: loads the secret from the environment or the data folder and makes it the
 * one authSecret() answers. Says where it came from, never what it is.
 */
export function loadSigningSecret(): Omit<TSigningSecret, "secret"> {
  const { secret, ...where } = resolveSigningSecret({
    configured: env.BETTER_AUTH_SECRET,
    nodeEnv: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  useSigningSecret(secret);
  return where;
}
