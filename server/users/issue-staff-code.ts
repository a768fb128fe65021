import { randomInt } from "node:crypto";
import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { staffCodes } from "./schema";

export const ZIssueStaffCode = z.object({
  department: z.string().trim().min(2, "Enter the department the code is for").max(60),
  note: z.string().trim().max(200).optional(),
});

// No 0/O or 1/I: codes are read out over the phone.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newCode(department: string): string {
  const prefix =
    department
      .replace(/[^a-z]/gi, "")
      .slice(0, 4)
      .toUpperCase() || "STAF";
  const tail = Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `ZAV-${prefix}-${tail}`;
}

/** An admin issues a single-use code for registering a staff account in a department; audited. */
export async function issueStaffCode(actorId: string, input: z.infer<typeof ZIssueStaffCode>) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(staffCodes)
      .values({ code: newCode(input.department), department: input.department, note: input.note || null, createdBy: actorId })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: "staff_code.issue",
      resourceType: "staff_code",
      resourceId: String(row!.id),
      newData: { code: row!.code, department: row!.department },
    });
    return row!;
  });
}
