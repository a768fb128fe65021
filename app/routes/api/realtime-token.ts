import { data } from "react-router";
import type { Route } from "./+types/realtime-token";
import { requireUser } from "~/http/access.server";
import { issueTokenForRequest } from "@server/realtime/realtime-token";

// POST /api/realtime/token: a 10-minute token that opens /ws (Authorization: Bearer, or ?token=) for the
// signed-in session, for clients that cannot use the cookie (the mobile app). Like every write it must carry
// the site's Origin (guard.ts); a native client sends Origin: PUBLIC_URL with its session cookie.

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const issued = await issueTokenForRequest(request.headers);
  if (!issued) return Response.json({ message: "Not signed in" }, { status: 401 });
  return Response.json(issued, { headers: { "Cache-Control": "no-store" } });
}
