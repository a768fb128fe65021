import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpInput } from "../../../tests/support/registration-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { registerUser } from "../../auth/register-user";
import { env } from "../../env";
import { API_OPERATIONS } from "./api-operations";
import { ZApiError, ZLoginAnswer } from "./api-responses";
import { answerGateway } from "./gateway";
import { openApiDocument, statusesOf } from "./openapi-document";

// The contract tests of the gateway (docs/product/api-gateway.md#the-contract): the OpenAPI document describes every
// operation the router serves and nothing else, and every operation, sent generated requests (its example with parts
// replaced by arbitrary JSON, and arbitrary bodies and path parameters), answers only a documented status, in its
// documented shape, and never a 5xx.

useTestDatabase();

let server: Server;
let base: string;
let token: string;
let ipCounter = 0;
beforeAll(async () => {
  Object.assign(env, { TRUST_PROXY: "1" });
  server = createServer((req, res) => void answerGateway(req, res, "CONTRACT01"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const input = signUpInput({ name: "Yetunde Adewale" });
  expect((await registerUser(input, "10.66.0.1")).ok).toBe(true);
  const signedIn = await send("POST", "/auth/login", {
    email: input.email,
    password: "sunshine1",
    platform: "mobile",
    deviceInfo: { id: "contract-phone-01", type: "mobile", name: "Yetunde's phone" },
  });
  token = ZLoginAnswer.parse(signedIn.body).token;
});
afterAll(async () => {
  Object.assign(env, { TRUST_PROXY: "0" });
  await new Promise((resolve) => server.close(resolve));
});

async function send(method: string, path: string, body?: unknown, bearer?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      "X-API-Version": "1.0",
      "X-Platform": "mobile",
      "X-Forwarded-For": `10.66.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

type TDocOperation = { operationId: string; requestBody?: unknown; responses: Record<string, unknown> };
const documented = () =>
  Object.entries(openApiDocument().paths as Record<string, Record<string, TDocOperation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), ...op })),
  );

describe("the OpenAPI document", () => {
  it("describes every operation the router serves, with its body, answers and statuses, and nothing else", () => {
    const doc = documented();
    expect(doc.map((d) => `${d.method} ${d.path}`).sort()).toEqual(API_OPERATIONS.map((o) => `${o.method} ${o.path}`).sort());
    expect(new Set(doc.map((d) => d.operationId)).size).toBe(doc.length);
    for (const op of API_OPERATIONS) {
      const described = doc.find((d) => d.operationId === op.operationId)!;
      if (op.method === "POST") expect(described.requestBody, `${op.operationId} reads a described body`).toBeDefined();
      expect(Object.keys(described.responses).map(Number)).toEqual(statusesOf(op));
    }
    expect(JSON.stringify(openApiDocument())).not.toContain("#/$defs/");
  });
});

/** A body like the example with some of its fields replaced by arbitrary JSON, or any JSON at all. */
const bodyFor = (example: unknown) =>
  fc.oneof(
    fc.jsonValue(),
    example && typeof example === "object"
      ? fc
          .subarray(Object.keys(example))
          .chain((keys) =>
            fc
              .tuple(...keys.map(() => fc.jsonValue()))
              .map((values) => ({ ...(example as object), ...Object.fromEntries(keys.map((k, i) => [k, values[i]])) })),
          )
      : fc.jsonValue(),
  );

describe("every operation, sent generated requests", () => {
  for (const op of API_OPERATIONS)
    it(`${op.method} ${op.path} answers only documented statuses in their documented shapes, never a 5xx`, async () => {
      const statuses = statusesOf(op);
      await fc.assert(
        fc.asyncProperty(bodyFor(op.example), fc.string({ maxLength: 40 }), fc.boolean(), async (body, param, signed) => {
          const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(param) || "x");
          const answer = await send(op.method, path, op.method === "POST" ? body : undefined, signed ? token : undefined);
          expect(answer.status).toBeLessThan(500);
          expect(statuses, `${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
          if (answer.status >= 400) expect(ZApiError.safeParse(answer.body).success).toBe(true);
          else expect(op.success.schema.safeParse(answer.body).success, JSON.stringify(answer.body)).toBe(true);
        }),
        { numRuns: 25 },
      );
    });

  it("each operation with an example succeeds with it, in its documented shape", async () => {
    for (const op of API_OPERATIONS.filter((o) => o.example !== undefined && o.operationId !== "login")) {
      const answer = await send(op.method, op.path, op.method === "POST" ? op.example : undefined, token);
      expect(answer.status, `${op.operationId}: ${JSON.stringify(answer.body)}`).toBe(op.success.status);
      expect(op.success.schema.safeParse(answer.body).success).toBe(true);
    }
  });
});
