import { data } from "react-router";
import type { Route } from "./+types/sign-out";
import { getAuth } from "@server/auth/auth";
import { redirectWithFlash } from "~/http/form.server";

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request }: Route.ActionArgs) {
  const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
  return redirectWithFlash("/", { type: "success", title: "Logged Out", description: "You have been logged out successfully." }, headers);
}
