import type { Route } from "./+types/notification-preferences";
import { requireUser } from "~/http/access.server";
import { ZPreferencesPatch } from "@domain/notifications/preferences-input";
import { parseRequestInput, readJson } from "~/http/request-input.server";
import { getPreferences } from "@server/notifications/get-preferences";
import { updatePreferences } from "@server/notifications/update-preferences";

// GET/POST /api/notifications/preferences: the eight switches of the "Notification Preferences" dialog.
// POST takes some of them ({"email": false}) and answers with all eight as stored.

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  return Response.json(await getPreferences(viewer.id), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const patch = parseRequestInput(
    request,
    ZPreferencesPatch,
    await readJson(request),
    "Send one or more preference switches as true or false",
  );
  return Response.json(await updatePreferences(viewer.id, patch));
}
