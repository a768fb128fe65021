import { data, redirect } from "react-router";
import type { Route } from "./+types/theme";
import { safeReturnTo } from "@domain/auth/auth-context";
import { themeCookie } from "~/lib/theme";
import { readFormData } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const theme = form.get("theme");
  if (theme !== "light" && theme !== "dark") return data({ error: "Unknown theme" }, { status: 400 });
  const headers = { "Set-Cookie": themeCookie(theme) };
  // Without JavaScript the browser follows this redirect back to the page it was on.
  return redirect(safeReturnTo(form.get("returnTo")?.toString()) ?? "/", { headers });
}
