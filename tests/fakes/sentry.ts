import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

// A local stand-in for Sentry (or GlitchTip), speaking the part of its protocol the SDK uses: envelopes posted to
// /api/<project>/envelope/, authenticated by the DSN's public key (docs.sentry.io, "Envelopes"). An envelope is
// newline-separated JSON: its header, then for each item a header ({ type, length? }) and the item's payload (length
// bytes, or up to the next newline). Bodies may be gzipped. The fake keeps every item for the test to read, and can
// hold its answers (a service that accepts connections but never answers) to fill the SDK's queue.

export type TEnvelopeItem = { type: string; payload: Record<string, unknown> };

const PROJECT_ID = "4242";
const PUBLIC_KEY = "fakepublickey0123456789abcdef0";

function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: TEnvelopeItem[] } {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(10, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString("utf8");
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: TEnvelopeItem[] = [];
  while (offset < body.length) {
    const itemLine = line();
    if (!itemLine.trim()) continue;
    const itemHeader = JSON.parse(itemLine) as { type: string; length?: number };
    let payloadText: string;
    if (typeof itemHeader.length === "number") {
      payloadText = body.subarray(offset, offset + itemHeader.length).toString("utf8");
      offset += itemHeader.length;
      if (body[offset] === 10) offset += 1;
    } else payloadText = line();
    items.push({ type: itemHeader.type, payload: JSON.parse(payloadText) as Record<string, unknown> });
  }
  return { header, items };
}

export async function startFakeSentry() {
  const items: TEnvelopeItem[] = [];
  const held: ServerResponse[] = [];
  let holding = false;
  let refusedAuth = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      if (req.method !== "POST" || url.pathname !== `/api/${PROJECT_ID}/envelope/`) {
        res.writeHead(404).end();
        return;
      }
      const auth = `${req.headers["x-sentry-auth"] ?? ""} ${url.searchParams.get("sentry_key") ?? ""}`;
      if (!auth.includes(PUBLIC_KEY)) {
        refusedAuth += 1;
        res.writeHead(401).end();
        return;
      }
      if (holding) {
        held.push(res);
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      items.push(...parseEnvelope(body).items);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    dsn: `http://${PUBLIC_KEY}@127.0.0.1:${port}/${PROJECT_ID}`,
    /** Every item received, in order. */
    items,
    /** The error events received. */
    events: () => items.filter((item) => item.type === "event").map((item) => item.payload),
    refusedAuth: () => refusedAuth,
    /** From now on, accept envelopes but never answer (until `release`). */
    hold() {
      holding = true;
    },
    heldCount: () => held.length,
    release() {
      holding = false;
      for (const res of held.splice(0)) res.writeHead(200).end("{}");
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
