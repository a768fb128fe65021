import { data } from "react-router";
import type { Route } from "./+types/power-readings";
import { readRawJsonText } from "~/http/request-input.server";
import { bearerKey } from "@server/power/authenticate-ingest-key";
import { recordReadingWithKey } from "@server/power/record-reading";

// POST /api/power/installations/:id/readings (docs/product/power-tracking.md#readings): a solar gateway's reading, with
// its installation key as `Authorization: Bearer`. No cookie, no Origin: the key authenticates (the access middleware
// exempts this address from the same-site check). 401 bad key, 403 another installation's key, 422 a bad reading.

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    return Response.json({ ok: false, error: "not_found", message: "There is no such installation." }, { status: 404, headers });
  const text = await readRawJsonText(request);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // The key is checked first; a body that is not JSON is then a malformed reading (422).
  const answer = await recordReadingWithKey(bearerKey(request.headers.get("authorization")), id, body);
  return Response.json(answer.body, { status: answer.status, headers });
}
