import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

// S3-compatible storage on this machine for the off-site backup tests: s3rver, an S3 server from npm that keeps
// objects in a folder, speaking the real S3 API (multipart uploads included) to AWS's own client.

export const S3_ACCESS_KEY = "S3RVER";
export const S3_SECRET_KEY = "S3RVER";

export async function startS3Storage(buckets: string[]) {
  const directory = mkdtempSync(join(tmpdir(), "zavolah-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type TS3Fault = { status: number; code: string; message: string; afterParts: number };

/**
 * A front to the storage that passes every request through, until told to fail: then it answers the parts of a
 * multipart upload after the first `afterParts` with `status` and S3's XML error, as a store in trouble does in the
 * middle of an upload. It records what it was asked, by S3 operation.
 */
export async function startS3Front(endpoint: string) {
  let fault: TS3Fault | null = null;
  let parts = 0;
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://front");
    const q = url.searchParams;
    const operation =
      req.method === "PUT" && q.has("partNumber")
        ? "UploadPart"
        : req.method === "POST" && q.has("uploads")
          ? "CreateMultipartUpload"
          : req.method === "POST" && q.has("uploadId")
            ? "CompleteMultipartUpload"
            : req.method === "DELETE" && q.has("uploadId")
              ? "AbortMultipartUpload"
              : `${req.method} object`;
    asked.push(operation);
    if (fault && operation === "UploadPart" && parts++ >= fault.afterParts) {
      const { status, code, message } = fault;
      req.resume();
      req.on("end", () =>
        res
          .writeHead(status, { "content-type": "application/xml" })
          .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`),
      );
      return;
    }
    // Passed on with the client's own headers (its signature covers the host it was sent to).
    const upstream = httpRequest(new URL(req.url ?? "/", endpoint), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    /** From now on, every part after the first `afterParts` of an upload is answered with the fault; null: none. */
    failParts(next: TS3Fault | null) {
      fault = next;
      parts = 0;
      asked.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
