import type { Route } from "./+types/notification-preferences";
import { requireUser } from "~/http/access.server";
import { jsonBody } from "@server/notifications/api-input";
import { getPreferences, updatePreferences, ZPreferences } from "@server/notifications/preferences";
import { getDb } from "@server/db/client";

// GET/POST /api/notifications/preferences: the eight switches of the "Notification Preferences" dialog.
// POST takes some of them ({"email": false}) and answers with all eight as stored.

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  return Response.json(await getPreferences(getDb(), viewer.id), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const patch = ZPreferences.partial()
    .strict()
    .safeParse(await jsonBody(request));
  if (!patch.success || Object.keys(patch.data).length === 0)
    return Response.json({ message: "Send one or more preference switches as true or false" }, { status: 400 });
  return Response.json(await updatePreferences(getDb(), viewer.id, patch.data));
}
