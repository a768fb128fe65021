import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";

/**
 * A file with HTTP range support (lesson videos): the whole file, one byte range (206) or 416 for a range
 * outside it. Phones seek and resume videos with ranges, so a dropped connection does not start over.
 */
export async function sendFileWithRanges(request: Request, file: string, contentType: string, extra: HeadersInit = {}): Promise<Response> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return new Response("Not found", { status: 404 });
  const size = info.size;
  const headers = new Headers({
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    ...Object.fromEntries(new Headers(extra)),
  });
  const range = request.headers.get("range");
  if (!range) {
    headers.set("Content-Length", String(size));
    return new Response(request.method === "HEAD" ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream), {
      status: 200,
      headers,
    });
  }
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = m && m[1] !== "" ? Number(m[1]) : NaN;
  let end = m && m[2] !== "" ? Number(m[2]) : size - 1;
  if (m && m[1] === "" && m[2] !== "") {
    // "bytes=-500": the last 500 bytes.
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  }
  if (!m || Number.isNaN(start) || start >= size || end < start) {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  end = Math.min(end, size - 1);
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(request.method === "HEAD" ? null : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream), {
    status: 206,
    headers,
  });
}

/** A CSV download (statements, the audit log, the CRM list): private, never cached, never sniffed as something else. */
export function csvDownload(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A private file, read into memory after its access was checked (assignment files, design downloads, message photos):
 * the type from its checked content, never sniffed as something else, never kept by a shared cache, and sandboxed if
 * opened on its own. "inline" shows it (a photo); "attachment" always downloads it.
 */
export function privateFile(
  bytes: Uint8Array,
  file: { contentType: string; name: string; disposition: "inline" | "attachment" },
): Response {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `${file.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
