import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import { AbortMultipartUploadCommand, DeleteObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { env } from "../env";
import { log } from "../log";

// The off-site copy of each backup (docs/operations.md#backups): S3-compatible storage through AWS's own client, so
// AWS S3, Cloudflare R2, Backblaze B2 and MinIO all work. Multipart, so a large backup goes up in parts that are
// retried alone; checked by its size once up; removed by the rotation with the local file.

export type TOffsiteTarget = { bucket: string; prefix: string; endpoint: string | null; region: string };

/** Where copies go, or null when BACKUP_S3_BUCKET is not set (backups then stay on this machine only). */
export function offsiteTarget(): TOffsiteTarget | null {
  if (!env.BACKUP_S3_BUCKET) return null;
  return {
    bucket: env.BACKUP_S3_BUCKET,
    prefix: env.BACKUP_S3_PREFIX,
    endpoint: env.BACKUP_S3_ENDPOINT ?? null,
    region: env.BACKUP_S3_REGION,
  };
}

/** A part of a multipart upload: big enough for few requests, small enough to resend on a weak link. */
const PART_BYTES = 8 * 1024 * 1024;

/** Each request to the storage is tried this often (the SDK's retries, with back-off) before the copy fails. */
const UPLOAD_ATTEMPTS = 4;

let client: { key: string; s3: S3Client } | null = null;

function s3(): S3Client {
  const key = [env.BACKUP_S3_ENDPOINT, env.BACKUP_S3_REGION, env.BACKUP_S3_ACCESS_KEY_ID, env.BACKUP_S3_SECRET_ACCESS_KEY].join("|");
  if (client?.key === key) return client.s3;
  client?.s3.destroy();
  const s3 = new S3Client({
    region: env.BACKUP_S3_REGION,
    ...(env.BACKUP_S3_ENDPOINT ? { endpoint: env.BACKUP_S3_ENDPOINT, forcePathStyle: true } : {}),
    credentials: { accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID ?? "", secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY ?? "" },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: UPLOAD_ATTEMPTS,
  });
  client = { key, s3 };
  return s3;
}

/** Uploads a checked backup file; resolves with its key once the store holds all of it. */
export async function copyOffsite(target: TOffsiteTarget, file: string, onProgress?: (fraction: number) => void): Promise<string> {
  const key = `${target.prefix}${basename(file)}`;
  const bytes = statSync(file).size;
  const upload = new Upload({
    client: s3(),
    params: { Bucket: target.bucket, Key: key, Body: createReadStream(file), ContentType: "application/octet-stream" },
    partSize: PART_BYTES,
    queueSize: 2,
    // Removed below instead, so a store that cannot abort (or fails to) does not hide why the upload failed.
    leavePartsOnError: true,
  });
  upload.on("httpUploadProgress", (p) => onProgress?.((p.loaded ?? 0) / Math.max(bytes, 1)));
  try {
    await upload.done();
  } catch (error) {
    // The parts sent so far are abandoned: the store keeps no half-made copy (and bills none).
    if (upload.uploadId)
      await s3()
        .send(new AbortMultipartUploadCommand({ Bucket: target.bucket, Key: key, UploadId: upload.uploadId }))
        .catch((abortError: unknown) =>
          log.warn({ err: abortError, key }, "could not abandon the parts of a failed off-site copy: the store may keep them"),
        );
    throw error;
  }
  const head = await s3().send(new HeadObjectCommand({ Bucket: target.bucket, Key: key }));
  if (head.ContentLength !== bytes)
    throw new Error(`the stored copy has ${head.ContentLength ?? 0} bytes, the backup ${bytes}: it did not arrive whole`);
  return key;
}

/** Removes a copy the rotation no longer keeps. */
export async function removeOffsite(target: TOffsiteTarget, key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: target.bucket, Key: key }));
}

/** An S3 error as an admin can act on it. */
export function offsiteReason(error: unknown): string {
  const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === "NoSuchBucket") return `the bucket ${env.BACKUP_S3_BUCKET} does not exist`;
  const status = e.$metadata?.httpStatusCode;
  if (e.name === "InvalidAccessKeyId" || e.name === "SignatureDoesNotMatch")
    return "the storage refused the access keys (BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY)";
  if (status === 403)
    return `the storage refused to store it (HTTP 403, ${e.name ?? "AccessDenied"}): the access keys may not write to the bucket ${env.BACKUP_S3_BUCKET}, or its quota is used up`;
  if ((e as NodeJS.ErrnoException).code === "ECONNREFUSED" || e.name === "TimeoutError")
    return `the storage at ${env.BACKUP_S3_ENDPOINT ?? "AWS"} could not be reached`;
  if (status !== undefined && status >= 500)
    return `the storage failed during the upload (HTTP ${status}, ${e.name ?? "an error"}, after ${UPLOAD_ATTEMPTS} tries)`;
  return e.message ?? String(error);
}
