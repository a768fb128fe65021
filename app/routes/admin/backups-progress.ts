import type { Route } from "./+types/backups-progress";
import { getBackupProgress } from "@server/backups/get-backups-overview";
import { requireRole } from "~/http/access.server";

/** The backups page polls this every second while a backup runs. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const progress = await getBackupProgress(Number(params.id) || 0);
  if (!progress) return Response.json({ message: "No such backup" }, { status: 404 });
  return Response.json(progress, { headers: { "Cache-Control": "no-store" } });
}
