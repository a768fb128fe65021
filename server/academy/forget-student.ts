import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { erasedText, personNeedles } from "../db/erase-text";
import { certificates, courseInterests, enrolments, learningActivities, submissions } from "./schema";
import { removeSubmissionFile } from "./submission-files";

/**
 * The academy's part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): enrolments,
 * quiz scores and grades stay as course figures; a course in progress ends (the seat is freed). Assignment work (text
 * and files), the learning timeline and "remind me" interests go. Certificates stay valid by their code, without the
 * name: the public check says the holder asked us to remove it. Reviews stay, shown as "A customer".
 */
export async function forgetStudent(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const now = new Date();
  const theirs = await tx.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.userId, p.userId));
  const ended = await tx
    .update(enrolments)
    .set({ status: "cancelled", cancelledAt: now, cancelReason: "The student asked us to delete their data" })
    .where(and(eq(enrolments.userId, p.userId), eq(enrolments.status, "active")))
    .returning({ id: enrolments.id });
  let files: string[] = [];
  let work = 0;
  if (theirs.length) {
    const ids = theirs.map((e) => e.id);
    const stored = await tx
      .select({ filePath: submissions.filePath })
      .from(submissions)
      .where(and(inArray(submissions.enrolmentId, ids), isNotNull(submissions.filePath)));
    files = stored.map((s) => s.filePath!);
    const cleared = await tx
      .update(submissions)
      .set({
        text: "Removed at the student's request.",
        filePath: null,
        fileName: null,
        fileType: null,
        fileBytes: null,
        feedback: erasedText(submissions.feedback, personNeedles(p)),
      })
      .where(inArray(submissions.enrolmentId, ids))
      .returning({ id: submissions.id });
    work = cleared.length;
  }
  const certs = await tx
    .update(certificates)
    .set({ studentName: "", nameRemovedAt: now })
    .where(and(eq(certificates.userId, p.userId), isNull(certificates.nameRemovedAt)))
    .returning({ id: certificates.id });
  const timeline = await tx
    .delete(learningActivities)
    .where(eq(learningActivities.userId, p.userId))
    .returning({ id: learningActivities.id });
  const interests = await tx
    .delete(courseInterests)
    .where(eq(courseInterests.userId, p.userId))
    .returning({ at: courseInterests.createdAt });
  return {
    rows: ended.length + work + certs.length + timeline.length + interests.length,
    afterCommit: files.length ? async () => void (await Promise.all(files.map((f) => removeSubmissionFile(f)))) : undefined,
  };
}
