import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "./static-files";

const SOURCE = `export const greeting = ${JSON.stringify("Welcome to Zavolah. ".repeat(200))};\n`;
let server: Server;
let base: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), "zavolah-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "app-abc123.js"), SOURCE);
  writeFileSync(join(root, "assets", "app-abc123.js.gz"), gzipSync(SOURCE, { level: 9 }));
  writeFileSync(join(root, "assets", "app-abc123.js.br"), brotliCompressSync(SOURCE));
  writeFileSync(join(root, "assets", "plain-def456.js"), SOURCE);
  server = createServer((req, res) => {
    if (!serveStatic(root, req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw GET (fetch would decode the body and hide what travelled). */
async function get(path: string, acceptEncoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("hashed assets", () => {
  it("go out as the build's brotli copy when the browser accepts it, with its exact length", async () => {
    const { headers, body } = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(headers["content-encoding"]).toBe("br");
    expect(Number(headers["content-length"])).toBe(body.length);
    expect(body.length).toBeLessThan(SOURCE.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(SOURCE);
    expect(headers.vary).toBe("Accept-Encoding");
  });

  it("fall back to the gzip copy, then to the file itself", async () => {
    const gz = await get("/assets/app-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SOURCE);

    const refused = await get("/assets/app-abc123.js", "br;q=0, identity");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(SOURCE);

    const noCopy = await get("/assets/plain-def456.js", "br, gzip");
    expect(noCopy.headers["content-encoding"]).toBeUndefined();
    expect(noCopy.body.toString()).toBe(SOURCE);
  });
});

describe("the site's own public files", () => {
  it("are all served, each with its content type (a .webm lesson video once answered 404)", async () => {
    const { readdirSync } = await import("node:fs");
    const publicRoot = join(process.cwd(), "public");
    const site = createServer((req, res) => {
      if (!serveStatic(publicRoot, req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    try {
      const files = readdirSync(publicRoot, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => join(f.parentPath, f.name).slice(publicRoot.length).split("\\").join("/"));
      expect(files.length).toBeGreaterThan(0);
      const unserved: string[] = [];
      for (const path of files) {
        const res = await fetch(`http://127.0.0.1:${(site.address() as AddressInfo).port}${path}`, { method: "HEAD" });
        if (res.status !== 200 || !res.headers.get("content-type")) unserved.push(`${path} ${res.status}`);
      }
      expect(unserved).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });
});
