import { data } from "react-router";
import type { Route } from "./+types/notifications-read-all";
import { requireUser } from "~/http/access.server";
import { markAllRead } from "@server/notifications/mark-all-read";

// POST /api/notifications/read-all: the dropdown's "Mark all read".

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const result = await markAllRead(viewer.id);
  return Response.json({ ...result, unread: 0 });
}
