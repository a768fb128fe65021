// Writes the client's types from the gateway's OpenAPI document: `npm run api:client` (docs/product/api-gateway.md#the-
// typed-client). A test regenerates them and fails when the checked-in file is out of date, so a change to an
// operation's schemas shows here in the same commit.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

type TJson = Record<string, unknown>;

/** A component's type name: `T` and its schema id (`TOrderPage`). */
const name = (ref: string) => `T${ref.replace("#/components/schemas/", "")}`;
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

/** A JSON Schema (the subset zod writes) as a TypeScript type. */
export function typeOf(schema: TJson | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "unknown";
  if (typeof schema.$ref === "string") return name(schema.$ref);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  for (const combiner of ["anyOf", "oneOf"] as const)
    if (Array.isArray(schema[combiner])) return (schema[combiner] as TJson[]).map(typeOf).join(" | ");
  if (Array.isArray(schema.allOf)) return (schema.allOf as TJson[]).map(typeOf).join(" & ");
  switch (schema.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `${wrap(typeOf(schema.items as TJson))}[]`;
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, TJson>;
      const required = new Set((schema.required ?? []) as string[]);
      const fields = Object.entries(properties).map(([k, v]) => `${key(k)}${required.has(k) ? "" : "?"}: ${typeOf(v)}`);
      const extra = schema.additionalProperties;
      if (extra && typeof extra === "object") fields.push(`[key: string]: ${typeOf(extra as TJson)}`);
      return fields.length ? `{ ${fields.join("; ")} }` : "Record<string, never>";
    }
    default:
      return "unknown";
  }
}
const wrap = (t: string) => (/[|&]/.test(t) ? `(${t})` : t);

export function generateTypes(document: TJson): string {
  const components = (document.components as { schemas: Record<string, TJson> }).schemas;
  const lines = [
    "// Generated from the gateway's OpenAPI document by clients/zavolah-api/generate-types.ts (npm run api:client).",
    "// Do not edit by hand.",
    "/* eslint-disable */",
    "",
  ];
  for (const [id, schema] of Object.entries(components)) lines.push(`export type T${id} = ${typeOf(schema)};`);
  lines.push("", "/** Every operation by its operationId: method, path, and what it reads and answers. */", "export type TOperations = {");
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, TJson>>))
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters as TJson[]).filter((p) => !p.$ref);
      const group = (where: string) => {
        const ps = parameters.filter((p) => p.in === where);
        return ps.length
          ? `{ ${ps.map((p) => `${key(String(p.name))}${p.required ? "" : "?"}: ${where === "path" ? "string" : typeOf(p.schema as TJson)}`).join("; ")} }`
          : "never";
      };
      const body = (op.requestBody as { content: Record<string, { schema: TJson }> } | undefined)?.content["application/json"]?.schema;
      const responses = op.responses as Record<string, { content?: Record<string, { schema: TJson }> }>;
      const success = Object.keys(responses).find((s) => s.startsWith("2"))!;
      const { form, file } = kindOf(op);
      lines.push(
        `  ${String(op.operationId)}: {`,
        `    method: ${JSON.stringify(method.toUpperCase())};`,
        `    path: ${JSON.stringify(path)};`,
        `    params: ${group("path")};`,
        `    query: ${group("query")};`,
        `    body: ${body ? typeOf(body) : "never"};`,
        `    answer: ${typeOf(responses[success]!.content?.["application/json"]?.schema)};`,
        `    auth: ${(op.security as unknown[]).length > 0};`,
        `    form: ${form};`,
        `    file: ${file};`,
        "  };",
      );
    }
  lines.push("};", "");
  lines.push(
    "/** Where each operation is: the client needs it at run time. */",
    "export const OPERATIONS = {",
    ...Object.entries(document.paths as Record<string, Record<string, TJson>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, op]) =>
          `  ${String(op.operationId)}: { method: ${JSON.stringify(method.toUpperCase())}, path: ${JSON.stringify(path)}, auth: ${(op.security as unknown[]).length > 0}, form: ${kindOf(op).form}, file: ${kindOf(op).file} },`,
      ),
    ),
    "} as const;",
    "",
  );
  return lines.join("\n");
}

/**
 * Whether an operation reads a form (`multipart/form-data`, an assignment handed in with its file) instead of JSON, and
 * whether its answer is a file (a PDF) instead of JSON: the client sends and reads those its own way.
 */
function kindOf(op: TJson): { form: boolean; file: boolean } {
  const body = (op.requestBody as { content: Record<string, unknown> } | undefined)?.content;
  const responses = op.responses as Record<string, { content?: Record<string, unknown> }>;
  const success = Object.keys(responses).find((s) => s.startsWith("2"))!;
  const answer = responses[success]!.content;
  return { form: body !== undefined && !("application/json" in body), file: answer !== undefined && !("application/json" in answer) };
}

export const TYPES_FILE = fileURLToPath(new URL("./api-types.ts", import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { openApiDocument } = await import("../../server/http/gateway/openapi-document");
  writeFileSync(TYPES_FILE, generateTypes(openApiDocument()));
  console.log(`wrote ${TYPES_FILE}`);
}
