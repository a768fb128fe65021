import type { Route } from "./+types/account-data-export";
import { lagosToday } from "@domain/time/lagos-time";
import { exportPersonalData, personalDataJson } from "@server/users/export-personal-data";
import { requireUser } from "~/http/access.server";

/** The signed-in person's own data as a JSON file (docs/product/accounts.md#your-data): nobody else's, ever. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const data = await exportPersonalData(viewer.id);
  if (!data) throw new Response("Not found", { status: 404 });
  return new Response(personalDataJson(data), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="zavolah-my-data-${lagosToday()}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
