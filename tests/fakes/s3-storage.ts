import { mkdtempSync, rmSync } from "node:fs";
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
