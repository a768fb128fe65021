import { data } from "react-router";
import type { Route } from "./+types/notifications-read";
import { requireUser } from "~/http/access.server";
import { ZMarkRead } from "@server/notifications/api-input";
import { parseRequestInput, readJson } from "~/http/request-input.server";
import { markRead } from "@server/notifications/mark-read";

// POST /api/notifications/read {id}: marks one of the viewer's own notifications read.

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const input = parseRequestInput(request, ZMarkRead, await readJson(request), "Send {id}");
  const result = await markRead(viewer.id, input.id);
  return Response.json(result, { status: result.changed ? 200 : 404 });
}
