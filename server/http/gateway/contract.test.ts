import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokens, registeredPerson, useGateway } from "../../../tests/support/gateway-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { API_OPERATIONS } from "./api-operations";
import { ZApiError } from "./api-responses";
import { openApiDocument, statusesOf } from "./openapi-document";

// The contract tests of the gateway (docs/product/api-gateway.md#the-contract): the OpenAPI document describes every
// operation the router serves and nothing else, and every operation, sent generated requests (its example with parts
// replaced by arbitrary JSON, and arbitrary bodies, path parameters and query values), answers only a documented status, in its
// documented shape, and never a 5xx.

useTestDatabase();

const call = useGateway("CONTRACT01");
let token: string;
beforeAll(async () => {
  const person = await registeredPerson("Yetunde Adewale");
  token = (await apiTokens(call, person.email, "contract-phone-01")).token;
});

async function send(method: string, path: string, body?: unknown, bearer?: string) {
  const answer = await call(method, path, { body, token: bearer, headers: { "X-Platform": "mobile" } });
  return { status: answer.status, body: answer.body as unknown };
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

/** A query string of the operation's own parameters with arbitrary values, or none. */
const queryFor = (op: (typeof API_OPERATIONS)[number]) =>
  op.query
    ? fc
        .dictionary(fc.constantFrom(...Object.keys(op.query.shape)), fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)), {
          maxKeys: 3,
        })
        .map((q) => (Object.keys(q).length ? `?${new URLSearchParams(q).toString()}` : ""))
    : fc.constant("");

describe("every operation, sent generated requests", () => {
  for (const op of API_OPERATIONS)
    it(`${op.method} ${op.path} answers only documented statuses in their documented shapes, never a 5xx`, async () => {
      const statuses = statusesOf(op);
      await fc.assert(
        fc.asyncProperty(
          bodyFor(op.example),
          fc.string({ maxLength: 40 }),
          queryFor(op),
          fc.boolean(),
          async (body, param, query, signed) => {
            const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(param) || "x") + query;
            const answer = await send(op.method, path, op.method === "POST" ? body : undefined, signed ? token : undefined);
            expect(answer.status).toBeLessThan(500);
            expect(statuses, `${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
            if (answer.status >= 400) expect(ZApiError.safeParse(answer.body).success).toBe(true);
            else expect(op.success.schema.safeParse(answer.body).success, JSON.stringify(answer.body)).toBe(true);
          },
        ),
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
