import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { registerUser } from "../../server/auth/register-user";
import { users } from "../../server/auth/schema";
import { getDb, type DbHandle } from "../../server/db/client";
import { attachRealtime, type TRealtimeServer } from "../../server/realtime/realtime-server";
import { env } from "../../server/env";
import { ZLoginAnswer } from "../../server/http/gateway/api-responses";
import { answerGateway } from "../../server/http/gateway/gateway";
import { signUpInput } from "./registration-fixtures";

// The JSON gateway over real HTTP for a test file (docs/product/api-gateway.md): started before its tests on a port of
// its own, each call from an address of its own (as phones are), so only the per-account sign-in limits meet.

export type TApiCall = { status: number; headers: Headers; body: Record<string, unknown> };
export type TApiRequest = { body?: unknown; token?: string; headers?: Record<string, string> };

let ipCounter = 0;

/**
 * Starts the gateway for the file's tests; `call(method, path, request)` sends a request with X-API-Version 1.0, and
 * `call.base()` is its address.
 */
export function useGateway(generatedRequestId = "GENERATED01", options: { realtime?: () => DbHandle } = {}) {
  let server: Server;
  let realtime: TRealtimeServer | null = null;
  let base = "";
  beforeAll(async () => {
    Object.assign(env, { TRUST_PROXY: "1" });
    server = createServer((req, res) => void answerGateway(req, res, generatedRequestId));
    // With `realtime`, /ws on the same server, for sync events (docs/product/api-gateway.md#sync-events).
    if (options.realtime) realtime = await attachRealtime(server, options.realtime());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    Object.assign(env, { TRUST_PROXY: "0" });
    await realtime?.close();
    await new Promise((resolve) => server.close(resolve));
  });
  async function call(method: string, path: string, request: TApiRequest = {}): Promise<TApiCall> {
    const { body, token, headers } = request;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        "X-API-Version": "1.0",
        "X-Forwarded-For": `10.77.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }
  /** The gateway's address, `http://127.0.0.1:<port>/api/v1`, once started. */
  return Object.assign(call, { base: () => base });
}

export type TGatewayCall = ReturnType<typeof useGateway>;

/** A person registered through the site's form (password "sunshine1"), confirmed or not. */
export async function registeredPerson(name = "Ngozi Okafor", { confirmed = false } = {}) {
  const input = signUpInput({ name });
  expect((await registerUser(input, `10.88.${ipCounter % 250}.${ipCounter++ % 250}`)).ok).toBe(true);
  if (confirmed) await getDb().update(users).set({ emailVerified: true }).where(eq(users.email, input.email));
  const [user] = await getDb().select().from(users).where(eq(users.email, input.email));
  return { id: user!.id, email: input.email, phone: input.phone };
}

/** Signs `email` in from a phone named by `deviceId`; the raw answer. */
export const apiLogin = (call: TGatewayCall, email: string, deviceId: string, password = "sunshine1") =>
  call("POST", "/auth/login", {
    body: { email, password, platform: "mobile", deviceInfo: { id: deviceId, type: "mobile", name: "Ngozi's Tecno Camon" } },
    headers: { "X-Platform": "mobile" },
  });

/** The tokens of a successful sign-in. */
export async function apiTokens(call: TGatewayCall, email: string, deviceId: string) {
  const answer = await apiLogin(call, email, deviceId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ZLoginAnswer.parse(answer.body);
}
