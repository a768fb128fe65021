import { data } from "react-router";
import type { Route } from "./+types/sign-out";
import { clearPinSessionCookie, readPinSessionToken } from "@server/zavcharge/accounts/pin-session-cookie";
import { endPinSession } from "@server/zavcharge/accounts/end-pin-session";
import { redirectWithFlash } from "~/http/form.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** Ends the PIN session (the site account's own session, if any, stays). */
export async function action({ request }: Route.ActionArgs) {
  const token = readPinSessionToken(request);
  if (token) await endPinSession(token);
  const headers = new Headers({ "Set-Cookie": clearPinSessionCookie(request) });
  return redirectWithFlash("/zavcharge", { type: "success", title: "Signed out of ZavCharge" }, headers);
}
