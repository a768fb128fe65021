import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appliesTo, arbitraryOf, breaksOf, type TJsonSchema } from "../../../tests/support/json-schema-arbitrary";

// The contract tests' generator (tests/support/json-schema-arbitrary.ts) on schemas with every feature it covers,
// beyond those the gateway's operations use today: what it generates is valid for the zod schema the JSON Schema was
// written from, and each way it breaks a value is refused on that field.

const ZColour = z.enum(["red", "green", "blue"]).meta({ id: "Colour" });
const ZEverything = z.object({
  name: z.string().min(2).max(12),
  code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
  email: z.email(),
  id: z.uuid(),
  at: z.iso.datetime(),
  day: z.iso.date(),
  count: z.number().int().min(-5).max(5),
  price: z.number().positive().lt(100),
  step: z.number().int().multipleOf(5).min(0).max(50),
  big: z.number().int().positive(),
  flag: z.boolean(),
  colour: ZColour,
  fixed: z.literal("v1"),
  tags: z.array(z.string().max(3)).min(1).max(4),
  unique: z
    .array(z.number().int().min(0).max(3))
    .max(3)
    .refine((a) => new Set(a).size === a.length),
  either: z.union([z.string().max(5), z.number().int()]),
  maybe: z.string().max(4).nullable(),
  nested: z.object({ inner: z.string().min(1).max(8), extra: ZColour.optional() }).strict(),
  optional: z.number().optional(),
  anything: z.unknown(),
});

function documented(schema: z.ZodType) {
  const json = JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" })).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as TJsonSchema;
  const components = (json.$defs ?? {}) as Record<string, TJsonSchema>;
  delete json.$defs;
  // uniqueItems is a refine to zod: the JSON Schema says it by hand, as a document may.
  (json.properties as Record<string, TJsonSchema>).unique!.uniqueItems = true;
  return { json, components };
}

describe("json-schema-arbitrary", () => {
  const { json, components } = documented(ZEverything);

  it("generates only values the schema's zod original accepts, every property among them", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(arbitraryOf(json, { components }), (value) => {
        Object.keys(value as object).forEach((k) => seen.add(k));
        const parsed = ZEverything.safeParse(value);
        expect(parsed.success, `${JSON.stringify(value)}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }),
      { numRuns: 150 },
    );
    expect([...seen].sort()).toEqual(Object.keys(ZEverything.shape).sort());
  });

  it("takes OpenAPI's nullable, oneOf and an override", () => {
    const schema: TJsonSchema = {
      type: "object",
      properties: {
        a: { type: "integer", minimum: 1, maximum: 3, nullable: true },
        b: { oneOf: [{ type: "boolean" }, { type: "string", enum: ["x"] }] },
        c: { type: "string" },
      },
      required: ["a", "b", "c"],
      additionalProperties: false,
    };
    const Z = z.strictObject({
      a: z.number().int().min(1).max(3).nullable(),
      b: z.union([z.boolean(), z.literal("x")]),
      c: z.literal("hi"),
    });
    fc.assert(
      fc.property(arbitraryOf(schema, { override: (path) => (path.join(".") === "c" ? fc.constant("hi") : undefined) }), (value) => {
        expect(Z.safeParse(value).success, JSON.stringify(value)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("breaks a valid value in one field at a time, and the zod original refuses it on that field", () => {
    // U+0000 is refused by the gateway, not by a schema (server/http/gateway/gateway.ts).
    const breaks = breaksOf(json, components).filter((b) => b.kind !== "holding U+0000");
    expect(new Set(breaks.map((b) => b.kind)).size).toBeGreaterThanOrEqual(12);
    fc.assert(
      fc.property(arbitraryOf(json, { components }), fc.nat(), (value, pick) => {
        const applicable = breaks.filter((b) => appliesTo(b, value));
        const b = applicable[pick % applicable.length]!;
        const parsed = ZEverything.safeParse(b.apply(value));
        const fields = parsed.error?.issues.map((i) => i.path.join(".") || "body") ?? [];
        expect(fields, `${b.kind} at ${b.field}`).toContain(b.field);
      }),
      { numRuns: 150 },
    );
  });
});
