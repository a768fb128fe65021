import { data } from "react-router";
import type { Route } from "./+types/auth";
import { getAuth } from "@server/auth/auth";

// Only these better-auth endpoints are public; sign-in, sign-up and resets go through our own actions,
// which add validation, rate limits and the audit trail. Everything else is 404 (deny by default).
const ALLOWED = new Set(["GET /api/auth/get-session", "GET /api/auth/ok"]);

function handle(request: Request) {
  const { pathname } = new URL(request.url);
  if (!ALLOWED.has(`${request.method} ${pathname}`)) throw data({ message: "Not found" }, { status: 404 });
  return getAuth().handler(request);
}

export async function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handle(request);
}
