import type { Route } from "./+types/import-progress";
import { getCrmImportProgress } from "@server/crm/get-crm-import";
import { requireRole } from "~/http/access.server";

/** The import page polls this every second while the import runs. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const progress = await getCrmImportProgress(Number(params.id) || 0);
  if (!progress) return Response.json({ message: "No such import" }, { status: 404 });
  return Response.json(progress, { headers: { "Cache-Control": "no-store" } });
}
