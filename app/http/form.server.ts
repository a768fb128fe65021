import { sameSitePath } from "@domain/auth/auth-context";
import { redirect } from "react-router";
import { flashHeader, type TFlash } from "./flash.server";

/** Forms carry _js=1 once hydrated; without it the browser expects a page, so errors go back as a redirect. */
export function isEnhanced(fields: Record<string, string>): boolean {
  return fields._js === "1";
}

/** The page the form was on (same-site referer), with extra query parameters. */
export function refererPath(request: Request, params: Record<string, string> = {}): string {
  const referer = request.headers.get("referer");
  const own = new URL(request.url);
  let url = new URL("/", own);
  // A Referer that is not a URL (a hand-made request's "http://[::1") sends the person home like a foreign one.
  const r = referer ? URL.parse(referer, own) : null;
  if (r && r.origin === own.origin) url = r;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  // A page of ours at "//evil.example" (a path a link can name) would send the person to that host.
  return sameSitePath(url.pathname + url.search) ?? "/";
}

export async function redirectWithFlash(to: string, flash: TFlash, headers?: Headers): Promise<Response> {
  const out = new Headers(headers);
  out.append("Set-Cookie", await flashHeader(flash));
  return redirect(to, { headers: out });
}
