import { z } from "zod";
import { escapeHtml } from "@domain/text/escape-html";
import { API_OPERATIONS, API_BASE, API_VERSION, MAX_JSON_BYTES, SUPPORTED_VERSIONS } from "./api-operations";
import type { TApiOperation } from "./api-operation";
import { ZApiError } from "./api-responses";

// The OpenAPI 3.1 document of the gateway, built from the operations' zod schemas (docs/product/api-gateway.md#the-
// contract), and a readable reference page made from it. Both are built once, on first request.

type TJson = Record<string, unknown>;

/** The gateway's own refusals, which any operation may answer, with what they mean. */
const GATEWAY_REFUSALS: Record<number, string> = {
  400: "Invalid input, or a missing or unsupported X-API-Version (with `supportedVersions`)",
  401: "No access token, or one that is expired, forged or revoked",
  403: "Not allowed (among others, a ZavCharge PIN token used outside ZavCharge)",
  404: "Not found (another person's things are not found either)",
  405: "Method not allowed",
  409: "Conflict with the current state",
  413: `Body larger than ${MAX_JSON_BYTES / 1024} KB`,
  415: "Body not sent as application/json",
  422: "Idempotency key reused with another body",
  429: "Too many attempts: wait and try again",
  500: "Our fault: try again",
  502: "A provider did not answer",
  503: "Unavailable for now",
};

function collect(schemas: TJson, schema: z.ZodType, io: "input" | "output"): TJson {
  const json = JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" })).replaceAll(
      '"#/$defs/',
      '"#/components/schemas/',
    ),
  ) as TJson;
  Object.assign(schemas, (json.$defs as TJson | undefined) ?? {});
  delete json.$defs;
  delete json.$schema;
  return json;
}

/** The statuses an operation may answer: its success, its own refusals and the gateway's. */
export function statusesOf(op: TApiOperation): number[] {
  // A signed-in operation refuses a missing or ended token (401); a person's operation refuses a driver's PIN token (403).
  const gateway = [400, 405, 413, 415, 500, ...(op.access === "user" ? [401, 403] : op.access === "public" ? [] : [401])];
  const noBody = op.method === "POST" ? [] : [413, 415];
  return [...new Set([op.success.status, ...op.refusals, ...gateway.filter((s) => !noBody.includes(s))])].sort((a, b) => a - b);
}

/** A form's schema: its text fields' and its files, each a binary part. */
function formSchema(fields: TJson, files: Record<string, string>): TJson {
  const properties = { ...((fields.properties as TJson | undefined) ?? {}) };
  for (const [name, description] of Object.entries(files))
    properties[name] = { type: "string", contentMediaType: "application/octet-stream", description };
  return { ...fields, properties };
}

function buildDocument(): TJson {
  const schemas: TJson = {};
  const errorRef = collect(schemas, ZApiError, "output");
  const paths: Record<string, TJson> = {};
  for (const op of API_OPERATIONS) {
    const parameters: TJson[] = [
      { $ref: "#/components/parameters/ApiVersion" },
      { $ref: "#/components/parameters/Platform" },
      { $ref: "#/components/parameters/RequestId" },
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } })),
      ...Object.entries(op.query?.shape ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: false,
        schema: collect(schemas, schema as z.ZodType, "input"),
      })),
    ];
    const responses: TJson = {};
    const { contentType } = op.success;
    for (const status of statusesOf(op))
      responses[status] =
        status === op.success.status
          ? {
              description: op.success.description,
              content: contentType
                ? { [contentType]: { schema: { type: "string", contentMediaType: contentType } } }
                : { "application/json": { schema: collect(schemas, op.success.schema, "output") } },
            }
          : status === 413 && op.form
            ? {
                description: `Body larger than ${op.form.maxBytes / 1024 / 1024} MB`,
                content: { "application/json": { schema: errorRef } },
              }
            : status === 415 && op.form
              ? { description: "Body not sent as multipart/form-data", content: { "application/json": { schema: errorRef } } }
              : { description: GATEWAY_REFUSALS[status] ?? "Refused", content: { "application/json": { schema: errorRef } } };
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      parameters,
      ...(op.access === "public"
        ? { security: [] }
        : op.access === "device"
          ? { security: [{ deviceCredential: [] }] }
          : { security: [{ bearer: [] }] }),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: op.form
                ? { "multipart/form-data": { schema: formSchema(collect(schemas, op.body, "input"), op.form.files) } }
                : {
                    "application/json": {
                      schema: collect(schemas, op.body, "input"),
                      ...(op.example !== undefined ? { example: op.example } : {}),
                    },
                  },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Zavolah API",
      version: API_VERSION,
      description:
        "The JSON gateway for the Zavolah mobile app and devices. Send JSON with `X-API-Version: 1.0`; sign in at " +
        "/auth/login and send the access token as `Authorization: Bearer <token>`. Every refusal has the Error shape.",
    },
    servers: [{ url: API_BASE }],
    tags: [...new Set(API_OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "The access token from /auth/login or /auth/refresh, or for the ZavCharge operations only a driver's token from /auth/pin-login.",
        },
        deviceCredential: {
          type: "http",
          scheme: "bearer",
          description: "A paired device's credential (zdk_…) from /devices/pair, for the /device operations only.",
        },
      },
      parameters: {
        ApiVersion: { name: "X-API-Version", in: "header", required: true, schema: { type: "string", enum: SUPPORTED_VERSIONS } },
        Platform: {
          name: "X-Platform",
          in: "header",
          required: false,
          schema: { type: "string", enum: ["web", "mobile", "arduino"], default: "web" },
        },
        RequestId: {
          name: "X-Request-ID",
          in: "header",
          required: false,
          description: "Echoed in the answer and written in our logs; one is made when none is sent.",
          schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{1,128}$" },
        },
      },
    },
  };
}

let document: TJson | null = null;
export const openApiDocument = () => (document ??= buildDocument());

let page: string | null = null;
/** The reference page: each operation with its parameters, request and answer, from the document. */
export function apiReferencePage(): string {
  if (page) return page;
  const doc = openApiDocument();
  const paths = doc.paths as Record<string, Record<string, TJson>>;
  const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
  const sections = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = (op.requestBody as TJson | undefined)?.content as Record<string, TJson> | undefined;
      const [bodyType, body] = content ? Object.entries(content)[0]! : [null, null];
      const responses = op.responses as Record<string, TJson>;
      return `<section id="${escapeHtml(String(op.operationId))}">
<h2><code>${method.toUpperCase()} ${escapeHtml(API_BASE + path)}</code></h2>
<p>${escapeHtml(String(op.summary))}${(op.security as unknown[]).length ? ((op.security as { deviceCredential?: unknown }[])[0]?.deviceCredential ? " <strong>For a paired device, with its credential.</strong>" : " <strong>Needs an access token.</strong>") : ""}</p>
${body ? `<h3>Request body (${escapeHtml(String(bodyType))})</h3>${json(body.schema)}${body.example !== undefined ? `<h3>Example</h3>${json(body.example)}` : ""}` : ""}
<h3>Answers</h3><ul>${Object.entries(responses)
        .map(([status, r]) => `<li><strong>${status}</strong> ${escapeHtml(String(r.description))}</li>`)
        .join("")}</ul>
</section>`;
    }),
  );
  page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Zavolah API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5;color:#0f172a}pre{background:#f1f5f9;padding:.75rem;overflow-x:auto;border-radius:.5rem;font-size:.85rem}section{border-top:1px solid #cbd5e1;margin-top:1.5rem}code{font-size:1rem}</style>
</head><body><main>
<h1>Zavolah API ${escapeHtml(API_VERSION)}</h1>
<p>${escapeHtml(String((doc.info as TJson).description))}</p>
<p>The machine-readable document: <a href="${API_BASE}/openapi.json">${API_BASE}/openapi.json</a>. Every refusal has this shape:</p>
${json((doc.components as TJson & { schemas: TJson }).schemas.Error)}
${sections.join("\n")}
</main></body></html>`;
  return page;
}
