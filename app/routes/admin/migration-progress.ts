import type { Route } from "./+types/migration-progress";
import { getMigrationProgress } from "@server/migration/get-migration-run";
import { requireRole } from "~/http/access.server";

/** The migration page polls this every second while the import runs. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const progress = await getMigrationProgress(Number(params.id) || 0);
  if (!progress) return Response.json({ message: "No such import" }, { status: 404 });
  return Response.json(progress, { headers: { "Cache-Control": "no-store" } });
}
