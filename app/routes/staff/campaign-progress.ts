import type { Route } from "./+types/campaign-progress";
import { requireRole } from "~/http/access.server";
import { getCampaignProgress } from "@server/campaigns/campaign-progress";

/** The campaign page polls this every second while its e-mails go out. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const progress = await getCampaignProgress(Number(params.id) || 0);
  if (!progress) return Response.json({ message: "No such campaign" }, { status: 404 });
  return Response.json(progress, { headers: { "Cache-Control": "no-store" } });
}
