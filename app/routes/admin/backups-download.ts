import type { Route } from "./+types/backups-download";
import { openBackupDownload } from "@server/backups/download-backup";
import { requireRole } from "~/http/access.server";
import { redirectWithFlash } from "~/http/form.server";
import { sendFileWithRanges } from "~/http/send-file.server";

/**
 * A kept backup, for an admin who gave a second factor in the last 10 minutes (docs/operations.md#backups): audited,
 * always downloaded, never cached; ranges let a big file resume on a dropped connection.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireRole(context, request, "admin");
  const opened = await openBackupDownload(admin, request, Number(params.id) || 0);
  if (!opened.ok) return redirectWithFlash("/admin/backups", { type: "error", title: "Not downloaded", description: opened.error.message });
  return sendFileWithRanges(request, opened.path, "application/octet-stream", {
    "Content-Disposition": `attachment; filename="${opened.fileName}"`,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
  });
}
