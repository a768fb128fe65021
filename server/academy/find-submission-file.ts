import { eq } from "drizzle-orm";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { enrolments, submissions } from "./schema";
import { readSubmissionFile } from "./submission-files";

/** A submission's file for download: to the student who handed it in and to staff; anyone else is told it does not exist. */
export async function findSubmissionFile(
  viewer: TViewer,
  submissionId: number,
): Promise<TResult<{ bytes: Buffer; name: string; contentType: string }>> {
  const [row] = await getDb()
    .select({ userId: enrolments.userId, filePath: submissions.filePath, fileName: submissions.fileName, fileType: submissions.fileType })
    .from(submissions)
    .innerJoin(enrolments, eq(enrolments.id, submissions.enrolmentId))
    .where(eq(submissions.id, submissionId));
  const missing = refuse("not_found", "This file does not exist");
  if (!row || !row.filePath || (row.userId !== viewer.id && !hasRoleLevel(viewer.role, "staff"))) return missing;
  const bytes = await readSubmissionFile(row.filePath);
  if (!bytes) return missing;
  return succeed({ bytes, name: row.fileName ?? "submission", contentType: row.fileType ?? "application/octet-stream" });
}
