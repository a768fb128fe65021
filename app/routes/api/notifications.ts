import type { Route } from "./+types/notifications";
import { requireUser } from "~/http/access.server";
import { ZListQuery } from "@server/notifications/api-input";
import { parseRequestInput } from "~/http/request-input.server";
import { listNotifications } from "@server/notifications/list-notifications";
import { listNotificationsSince } from "@server/notifications/list-notifications-since";

// GET /api/notifications: the bell's list, newest first. ?before=<id> pages back; ?after=<id> is the
// catch-up after a reconnect (everything newer than the last id the client saw).

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const { before, after, limit } = parseRequestInput(
    request,
    ZListQuery,
    Object.fromEntries(new URL(request.url).searchParams),
    "Bad query",
  );
  const page = after !== undefined ? await listNotificationsSince(viewer.id, after) : await listNotifications(viewer.id, { before, limit });
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}
