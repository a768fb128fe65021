import fc from "fast-check";

// fast-check arbitraries of VALID values for the JSON Schemas of the gateway's OpenAPI document (request bodies, query
// and path parameters; server/http/gateway/openapi-document.ts), for the contract tests. Covered: $ref to
// components, const and enum, anyOf/oneOf, type lists and `nullable`, objects (required and optional properties;
// nothing extra is ever added, so additionalProperties false holds), strings (minLength/maxLength, pattern through
// fc.stringMatching, formats email, uuid, date-time and date), integers and numbers (minimum, maximum, exclusive
// bounds, multipleOf), booleans, arrays (minItems/maxItems, uniqueItems) and the empty schema (any JSON). Values
// lean on the edges: strings at their longest, numbers at their bounds, unicode text.
//
// Text never holds U+0000: the gateway refuses it (the database can neither keep nor compare it), so it is one of
// the breaks of `breaksOf` instead.
//
// What a JSON Schema does not say (a zod refine, a transform, a trim) cannot be generated from it: the caller passes
// `override` for such a field, or repairs a value with the operation's example (see `repairedWith`).

export type TJsonSchema = { [key: string]: unknown };

export type TArbitraryOptions = {
  /** The document's components.schemas, for `$ref`. */
  components?: Record<string, TJsonSchema>;
  /** An arbitrary of its own for the field at `path` (property names and array indexes), or undefined for the schema's. */
  override?: (path: readonly (string | number)[], schema: TJsonSchema) => fc.Arbitrary<unknown> | undefined;
  /** How deep objects and arrays nest before an array is left empty and an optional property out. */
  maxDepth?: number;
};

const MAX_ARRAY_EXTRA = 4;

/** The schema a `$ref` points to (`#/components/schemas/Name`), or the schema itself. */
export function resolved(schema: TJsonSchema, components: Record<string, TJsonSchema> = {}): TJsonSchema {
  let s = schema;
  for (let hops = 0; typeof s.$ref === "string" && hops < 20; hops++) {
    const name = s.$ref.replace(/^#\/components\/schemas\//, "");
    const target = components[name];
    if (!target) throw new Error(`json-schema-arbitrary: no component ${s.$ref}`);
    const { $ref: _, ...rest } = s;
    s = { ...target, ...rest };
  }
  return s;
}

/** The JSON types a schema admits, or null when it does not say (any JSON). */
export function typesOf(schema: TJsonSchema, components: Record<string, TJsonSchema> = {}): Set<string> | null {
  const s = resolved(schema, components);
  if ("const" in s) return new Set([jsonType(s.const)]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map(jsonType));
  const branches = (s.anyOf ?? s.oneOf) as TJsonSchema[] | undefined;
  if (branches) {
    const all = new Set<string>();
    for (const b of branches) {
      const t = typesOf(b, components);
      if (!t) return null;
      t.forEach((x) => all.add(x));
    }
    return all;
  }
  if (s.type === undefined) return null;
  const types = new Set(Array.isArray(s.type) ? (s.type as string[]) : [s.type as string]);
  if (types.has("integer")) types.add("number");
  if (s.nullable === true) types.add("null");
  return types;
}

export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** An arbitrary of values valid for `schema`. */
export function arbitraryOf(schema: TJsonSchema, options: TArbitraryOptions = {}, path: (string | number)[] = []): fc.Arbitrary<unknown> {
  const components = options.components ?? {};
  const s = resolved(schema, components);
  const own = options.override?.(path, s);
  if (own) return own;
  if (s.nullable === true) {
    const { nullable: _, ...rest } = s;
    return fc.option(arbitraryOf(rest, options, path), { nil: null, freq: 4 });
  }
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (s.anyOf ?? s.oneOf) as TJsonSchema[] | undefined;
  if (branches) {
    // A oneOf whose branches overlap could make a value valid for two of them: the gateway's zod schemas only produce
    // disjoint ones (a type and null, or two types).
    const { anyOf: _a, oneOf: _o, ...shared } = s;
    return fc.oneof(...branches.map((b) => arbitraryOf({ ...shared, ...resolved(b, components) }, options, path)));
  }
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => arbitraryOf({ ...s, type }, options, path)));
  switch (s.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number":
      return numberOf(s);
    case "string":
      return stringOf(s);
    case "array":
      return arrayOf(s, options, path);
    case "object":
      return objectOf(s, options, path);
    default:
      // The empty schema (z.unknown()): any JSON, kept small.
      return fc.jsonValue({ maxDepth: 2 }).filter((v) => !JSON.stringify(v).includes("\\u0000"));
  }
}

function numberOf(s: TJsonSchema): fc.Arbitrary<number> {
  const integer = s.type === "integer";
  const min = typeof s.minimum === "number" ? s.minimum : undefined;
  const max = typeof s.maximum === "number" ? s.maximum : undefined;
  const exMin = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : undefined;
  const exMax = typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : undefined;
  const multipleOf = typeof s.multipleOf === "number" ? s.multipleOf : undefined;
  if (integer || multipleOf !== undefined) {
    const step = multipleOf ?? 1;
    let lo = min ?? -Number.MAX_SAFE_INTEGER;
    let hi = max ?? Number.MAX_SAFE_INTEGER;
    if (exMin !== undefined) lo = Math.max(lo, Math.floor(exMin) + 1);
    if (exMax !== undefined) hi = Math.min(hi, Math.ceil(exMax) - 1);
    // As whole multiples of the step: k * step with k from ceil(lo / step) to floor(hi / step).
    lo = Math.ceil(lo / step);
    hi = Math.floor(hi / step);
    if (lo > hi) throw new Error(`json-schema-arbitrary: no ${String(s.type)} in ${JSON.stringify(s)}`);
    const k = fc.oneof(
      { arbitrary: fc.constantFrom(lo, hi), weight: 1 },
      { arbitrary: fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number), weight: 3 },
    );
    return k.map((n) => (step === 1 ? n : n * step));
  }
  const bounds = {
    noNaN: true,
    noDefaultInfinity: true,
    ...(min !== undefined ? { min } : exMin !== undefined ? { min: exMin, minExcluded: true } : { min: -Number.MAX_VALUE }),
    ...(max !== undefined ? { max } : exMax !== undefined ? { max: exMax, maxExcluded: true } : { max: Number.MAX_VALUE }),
  };
  return fc.double(bounds).map((n) => (Object.is(n, -0) ? 0 : n));
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
  "date-time": () =>
    fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
};

/**
 * Text for a string with no pattern or format: unicode (graphemes, and now and then any code point, control characters
 * included), at its longest now and then; never only spaces when it must hold something (the site's zod schemas trim).
 */
function plainText(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.min(max, min + 60);
  const longest =
    Number.isFinite(max) && max <= 10_000
      ? [{ arbitrary: fc.string({ unit: "grapheme-ascii", minLength: max, maxLength: max }), weight: 1 }]
      : [];
  return fc
    .oneof(
      { arbitrary: fc.string({ unit: "grapheme", minLength: min, maxLength: cap }), weight: 3 },
      { arbitrary: fc.string({ unit: "binary", minLength: min, maxLength: cap }), weight: 1 },
      ...longest,
    )
    .filter(
      (text) => codePoints(text) >= min && codePoints(text) <= max && !text.includes(NUL) && (min === 0 || codePoints(text.trim()) >= min),
    );
}

const NUL = "\u0000";

/** A string's length as JSON Schema and zod count it: in code points ("𐀀" is one, though JavaScript's length says 2). */
const codePoints = (text: string) => [...text].length;

function stringOf(s: TJsonSchema): fc.Arbitrary<string> {
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : Infinity;
  const fits = (text: string) => codePoints(text) >= min && codePoints(text) <= max && !text.includes(NUL);
  if (typeof s.pattern === "string") {
    // The pattern says more than the format (zod writes both for an e-mail address or a date and time).
    try {
      return fc.stringMatching(new RegExp(s.pattern, "u")).filter(fits);
    } catch {
      try {
        return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
      } catch {
        // A pattern fast-check cannot generate from (lookarounds, back references): the format's values, or plain
        // text, that match it (a filter: fast-check reports a pattern that nothing generated matches).
      }
    }
  }
  const matches = (text: string) => typeof s.pattern !== "string" || new RegExp(s.pattern, "u").test(text);
  const format = typeof s.format === "string" ? FORMATS[s.format] : undefined;
  if (format) return format().filter((t) => fits(t) && matches(t));
  return plainText(min, max).filter(matches);
}

function arrayOf(s: TJsonSchema, options: TArbitraryOptions, path: (string | number)[]): fc.Arbitrary<unknown[]> {
  const depth = options.maxDepth ?? 4;
  const minLength = typeof s.minItems === "number" ? s.minItems : 0;
  const declaredMax = typeof s.maxItems === "number" ? s.maxItems : Infinity;
  const maxLength = path.length >= depth ? minLength : Math.min(declaredMax, minLength + MAX_ARRAY_EXTRA);
  const items = s.items && typeof s.items === "object" ? (s.items as TJsonSchema) : {};
  // Every item is generated at index 0's path: an override for `events.0.id` is one for each event's id.
  const item = arbitraryOf(items, options, [...path, 0]);
  const arrayOfLength = (lengths: { minLength: number; maxLength: number }) =>
    s.uniqueItems === true ? fc.uniqueArray(item, { ...lengths, selector: (v) => JSON.stringify(v) }) : fc.array(item, lengths);
  const array = arrayOfLength({ minLength, maxLength });
  // The longest array allowed, now and then, when that is small enough to send.
  return Number.isFinite(declaredMax) && declaredMax <= 100 && declaredMax > maxLength
    ? fc.oneof({ arbitrary: array, weight: 4 }, { arbitrary: arrayOfLength({ minLength: declaredMax, maxLength: declaredMax }), weight: 1 })
    : array;
}

function objectOf(s: TJsonSchema, options: TArbitraryOptions, path: (string | number)[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, TJsonSchema>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const deep = path.length >= (options.maxDepth ?? 4);
  const names = Object.keys(properties).filter((name) => required.has(name) || !deep);
  const model = Object.fromEntries(names.map((name) => [name, arbitraryOf(properties[name]!, options, [...path, name])]));
  return fc.record(model, { requiredKeys: names.filter((name) => required.has(name)) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** The value at `path` in `value`, or undefined. */
export function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

/** A copy of `value` with `path` set to `next` (or taken out, for undefined). */
export function withValueAt(value: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  const inner = withValueAt(copy[key!], rest, next);
  if (inner === undefined && !Array.isArray(copy)) delete copy[key!];
  else copy[key!] = inner;
  return copy;
}

/**
 * A generated value made acceptable to `accepts` (the operation's own zod schema) where the JSON Schema could not say
 * enough: each field it refuses takes the example's value for that field (or goes, when the example has none and the
 * field may be left out); failing that, the example whole. Null when neither helps.
 */
export function repairedWith(
  value: unknown,
  example: unknown,
  accepts: (v: unknown) => { success: true } | { success: false; error: { issues: { path: PropertyKey[] }[] } },
): unknown {
  let v = value;
  for (let round = 0; round < 4; round++) {
    const parsed = accepts(v);
    if (parsed.success) return v;
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((k): k is string | number => typeof k !== "symbol");
      if (path.length === 0) break;
      v = withValueAt(v, path, valueAt(example, path));
    }
  }
  if (accepts(v).success) return v;
  return example !== undefined && accepts(example).success ? example : null;
}

/** One way to make a valid value invalid in one field: `apply` breaks it; `field` is the dotted path a refusal names. */
export type TBreak = {
  kind: string;
  path: (string | number)[];
  field: string;
  apply: (value: unknown) => unknown;
  /** What else it needs of the value besides its field's parent. */
  needs?: (value: unknown) => boolean;
};

/** A value of another JSON type than `types`; never one a coercing number schema would read as a number. */
function wrongTypeFor(types: Set<string>): unknown {
  const candidates: unknown[] = types.has("number")
    ? ["not a number", { not: "a number" }]
    : ["text", { un: "expected" }, 12.5, true, null, [1]];
  return candidates.find((c) => !types.has(jsonType(c)));
}

/**
 * The ways to break a valid value of `schema` one field at a time, down to `maxDepth` (through objects, and arrays at
 * their first item): the wrong type, missing when required, too long or too short, not matching the pattern, not one
 * of the enum, out of range, not whole, too few or too many items, and an unknown property where none are allowed.
 * Each applies only where the field's parent is in the value.
 */
export function breaksOf(schema: TJsonSchema, components: Record<string, TJsonSchema> = {}, maxDepth = 3): TBreak[] {
  const breaks: TBreak[] = [];
  const at = (
    kind: string,
    path: (string | number)[],
    next: (current: unknown) => unknown,
    field = path.join("."),
    needs?: (current: unknown) => boolean,
  ) =>
    breaks.push({
      kind,
      path,
      field: field || "body",
      apply: (value) => withValueAt(value, path, next(valueAt(value, path))),
      ...(needs ? { needs: (value: unknown) => needs(valueAt(value, path)) } : {}),
    });

  function walk(raw: TJsonSchema, path: (string | number)[], required: boolean) {
    const s = resolved(raw, components);
    if (path.length > 0) {
      const types = typesOf(s, components);
      const wrong = types && wrongTypeFor(types);
      if (wrong !== undefined && types) at("wrong type", path, () => wrong);
      if (required) at("missing", path, () => undefined);
      if ("const" in s) at("not the constant", path, () => (typeof s.const === "boolean" ? !s.const : `not ${String(s.const)}`));
      if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === "string")) at("not one of the enum", path, () => "not-one-of-these");
    }
    if (s.type === "string") {
      if (typeof s.maxLength === "number" && s.maxLength < 60_000) at("too long", path, () => "a".repeat((s.maxLength as number) + 1));
      if (typeof s.minLength === "number" && s.minLength > 0) at("too short", path, () => "");
      if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test("~ !")) at("not matching the pattern", path, () => "~ !");
      at("holding U+0000", path, () => `a${NUL}b`);
    }
    if (s.type === "integer" || s.type === "number") {
      if (typeof s.minimum === "number") at("below the minimum", path, () => (s.minimum as number) - 1);
      if (typeof s.exclusiveMinimum === "number") at("at the exclusive minimum", path, () => s.exclusiveMinimum);
      if (typeof s.maximum === "number" && (s.maximum as number) < Number.MAX_SAFE_INTEGER)
        at("above the maximum", path, () => (s.maximum as number) + 1);
      if (typeof s.exclusiveMaximum === "number") at("at the exclusive maximum", path, () => s.exclusiveMaximum);
      if (s.type === "integer") at("not whole", path, () => (typeof s.minimum === "number" ? (s.minimum as number) + 0.5 : 1.5));
    }
    if (path.length >= maxDepth) return;
    if (s.type === "array") {
      if (typeof s.minItems === "number" && s.minItems > 0) at("too few items", path, () => []);
      if (typeof s.maxItems === "number" && s.maxItems < 1000)
        at(
          "too many items",
          path,
          (current) => Array.from({ length: (s.maxItems as number) + 1 }, () => (current as unknown[])[0]),
          path.join("."),
          (current) => Array.isArray(current) && current.length > 0,
        );
      if (s.items && typeof s.items === "object") walk(s.items as TJsonSchema, [...path, 0], false);
    }
    if (s.type === "object") {
      const requiredNames = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, TJsonSchema>))
        walk(property, [...path, name], requiredNames.has(name));
      if (s.additionalProperties === false) at("an unknown property", [...path, "unexpectedField"], () => 1, path.join("."));
    }
  }
  walk(schema, [], true);
  return breaks;
}

/** Whether a break can be applied to `value`: its field's parent is there (an object, or an array with an item). */
export function appliesTo(b: TBreak, value: unknown): boolean {
  const parent = valueAt(value, b.path.slice(0, -1));
  if (b.needs && !b.needs(value)) return false;
  const last = b.path[b.path.length - 1];
  if (typeof last === "number") return Array.isArray(parent) && parent.length > 0;
  return parent !== null && typeof parent === "object" && !Array.isArray(parent);
}
