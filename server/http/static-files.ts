import { createReadStream, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/**
 * Serves a file from root if the path (under urlPrefix) names one; hashed /assets/ files are cached for a
 * year. The resolved file must stay inside root, whatever dots or escapes the path holds.
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, urlPrefix = ""): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false;
  }
  if (!pathname.startsWith(`${urlPrefix}/`)) return false;
  const file = normalize(join(root, pathname.slice(urlPrefix.length)));
  if (!file.startsWith(root + sep)) return false;
  const type = TYPES[extname(file)];
  if (!type) return false;
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return false;
    size = stat.size;
  } catch {
    return false;
  }
  res.setHeader("Content-Type", type);
  // Hashed assets have gzip and brotli copies made at build time (scripts/precompress.mjs): send the smallest the
  // browser accepts, with its exact length, and leave nothing for the compression middleware to do.
  let body = file;
  if (pathname.startsWith("/assets/")) {
    const encoding = precompressedEncoding(file, req.headers["accept-encoding"]);
    if (encoding) {
      body = `${file}.${encoding.extension}`;
      size = statSync(body).size;
      res.setHeader("Content-Encoding", encoding.name);
    }
    res.setHeader("Vary", "Accept-Encoding");
  }
  res.setHeader("Content-Length", size);
  // The service worker must be re-checked on every visit, or a fix to it would wait for the cache to expire.
  res.setHeader(
    "Cache-Control",
    pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : pathname === "/sw.js" ? "no-cache" : "public, max-age=3600",
  );
  if (req.method === "HEAD") res.end();
  else createReadStream(body).pipe(res);
  return true;
}

const ENCODINGS = [
  { name: "br", extension: "br" },
  { name: "gzip", extension: "gz" },
] as const;

/** The best precompressed copy of a file that exists and that the request accepts (q=0 refuses one). */
function precompressedEncoding(file: string, acceptEncoding: string | string[] | undefined) {
  const accepted = new Set(
    String(acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(";")[0]!.trim()),
  );
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue;
    try {
      if (statSync(`${file}.${encoding.extension}`).isFile()) return encoding;
    } catch {
      // no copy in this build (e.g. a build made without scripts/precompress.mjs)
    }
  }
  return null;
}
