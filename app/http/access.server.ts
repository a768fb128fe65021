import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { decideAccess } from "@domain/access/access";
import { isOneClickUnsubscribeForm, ONE_CLICK_MAX_BYTES, UNSUBSCRIBE_PATH } from "@domain/content/one-click-unsubscribe";
import { hasRoleLevel, type TRole, type TViewer } from "@domain/access/roles";
import { defaultSettings, FEATURES, type TFeature, type TSettings } from "@domain/settings/settings";
import { publicUrl } from "@server/env";
import { maskSecrets } from "@domain/messaging/mask-secrets";
import { log } from "@server/log";
import { flashHeader } from "./flash.server";
import { checkRequestShape, readFormData } from "./request-input.server";
import { routeEntryFor } from "./route-entry.server";
import { buildShell, type TShell } from "./shell.server";
import { getCachedSettings } from "@server/settings/get-settings";
import { getViewer } from "@server/auth/viewer";
import { isDatabaseUnreachable } from "@server/db/availability";
import {
  findDriverAccountForPinToken,
  findDriverAccountForUser,
  type TDriverAccount,
} from "@server/zavcharge/accounts/find-driver-account";
import { readPinSessionToken } from "@server/zavcharge/accounts/pin-session-cookie";

// The one guard module: the root middleware enforces the route table for every loader and action,
// and require* helpers give handlers the checked viewer. Deny by default.

export const viewerContext = createContext<TViewer | null>(null);
export const settingsContext = createContext<TSettings | null>(null);
/** The ZavCharge driver of a route whose access is "driver" (read with requireDriver). */
export const driverContext = createContext<TDriverAccount | null>(null);

/** The site account's ZavCharge account, else a live PIN session's (docs/product/zavcharge.md#pins). */
async function findDriver(viewer: TViewer | null, request: Request): Promise<TDriverAccount | null> {
  const own = viewer ? await findDriverAccountForUser(viewer.id) : null;
  if (own) return own;
  const token = readPinSessionToken(request);
  return token ? findDriverAccountForPinToken(token) : null;
}

async function toHome(search: string, title: string, description: string): Promise<Response> {
  return redirect(`/${search}`, { headers: { "Set-Cookie": await flashHeader({ type: "error", title, description }) } });
}

/**
 * Pages send a refused visitor home with a message; JSON APIs (/api/...) answer 401 or 403 instead. A
 * script's fetch would otherwise follow the redirect, load the home page and use up a flash message
 * meant for the page the user is looking at (the bell's catch-up racing a sign-out ate "Logged Out").
 */
async function refuse(request: Request, outcome: "sign-in" | "denied"): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) {
    return outcome === "sign-in"
      ? Response.json({ error: "Please sign in." }, { status: 401 })
      : Response.json({ error: "You don't have permission to do that." }, { status: 403 });
  }
  return outcome === "sign-in"
    ? toHome(signInRedirectPath(url.pathname, url.search), "Authentication Required", "Please sign in to access this page.")
    : toHome("", "Access Denied", "You don't have permission to access this page.");
}

function signInRedirectPath(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete("_routes"); // React Router's own parameter on data requests
  const rest = query.toString();
  return `?login=true&returnTo=${encodeURIComponent(pathname + (rest ? `?${rest}` : ""))}`;
}

/** Cookie-authenticated writes must come from our own pages (React Router actions have no CSRF check). */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin === new URL(request.url).origin || origin === new URL(publicUrl()).origin;
}

/**
 * A mail provider's RFC 8058 one-click unsubscribe (docs/product/content.md#newsletter): a POST of exactly
 * `List-Unsubscribe=One-Click` to the unsubscribe address, read from a copy of the request. It carries no cookie and
 * no Origin; the signed token in its address is its only authority.
 */
async function isOneClickUnsubscribe(request: Request, url: URL): Promise<boolean> {
  if (request.method !== "POST" || url.pathname !== UNSUBSCRIBE_PATH) return false;
  const length = request.headers.get("content-length");
  if (length !== null && !(Number(length) > 0 && Number(length) <= ONE_CLICK_MAX_BYTES)) return false;
  return isOneClickUnsubscribeForm(await readFormData(request.clone()));
}

export function featureDisabledResponse(feature: TFeature, shell?: TShell) {
  return data({ featureDisabled: FEATURES[feature].name, shell }, { status: 503, statusText: "Service Temporarily Unavailable" });
}

/**
 * Who is asking, and the settings. When the database cannot answer, the page fails here, before any loader:
 * the error carries a frame drawn from the default settings, so the error screen still shows the request's
 * reference (docs/product/site-shell.md#error-pages), and the failure is logged with it, as handleError would.
 */
async function readViewerAndSettings(request: Request, cookies: "read" | "ignore"): Promise<[TViewer | null, TSettings]> {
  try {
    return await Promise.all([cookies === "read" ? getViewer(request) : null, getCachedSettings()]);
  } catch (error) {
    // The database out of reach: thrown as it is, so the request gets the 503 "back in a moment" answer
    // (app/http/database-gone.server.ts) rather than this error screen.
    if (isDatabaseUnreachable(error)) throw error;
    log.error(
      {
        err: error,
        requestId: request.headers.get("x-zavolah-request-id"),
        method: request.method,
        path: maskSecrets(new URL(request.url).pathname),
      },
      "request failed",
    );
    throw data(
      { message: "Something went wrong while loading this page.", shell: buildShell(request, null, defaultSettings()) },
      { status: 500, statusText: "Internal Server Error" },
    );
  }
}

export const accessMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const entry = routeEntryFor(url.pathname);
  checkRequestShape(request, entry);
  const isWrite = request.method !== "GET" && request.method !== "HEAD";
  // Webhooks carry no cookie and no Origin: each handler authenticates the provider's signature instead.
  // Solar gateways post readings with their installation key (Authorization: Bearer), no cookie either.
  const signedByProvider = url.pathname.startsWith("/api/webhooks/") || /^\/api\/power\/installations\/[^/]+\/readings$/.test(url.pathname);
  // A mail provider's one-click unsubscribe: let through on its exact address and body, and never read as anyone's.
  const oneClick = isWrite && (await isOneClickUnsubscribe(request, url));
  if (isWrite && !url.pathname.startsWith("/api/auth/") && !signedByProvider && !oneClick && !isSameOrigin(request)) {
    throw data({ message: "This form must be sent from the Zavolah site." }, { status: 403 });
  }

  const [viewer, settings] = await readViewerAndSettings(request, oneClick ? "ignore" : "read");
  context.set(viewerContext, viewer);
  context.set(settingsContext, settings);
  if (!entry) throw data(null, { status: 404 }); // the table's catch-all makes this unreachable: deny by default

  if (entry.feature && !settings[FEATURES[entry.feature].setting])
    throw featureDisabledResponse(entry.feature, buildShell(request, viewer, settings));

  if (entry.access.allow === "driver") {
    const driver = await findDriver(viewer, request);
    // A signed-in account without ZavCharge is offered to join; anyone else signs in (the dialog's ZavCharge context).
    if (!driver && viewer && !url.pathname.startsWith("/api/"))
      throw redirect("/zavcharge/join", {
        headers: {
          "Set-Cookie": await flashHeader({
            type: "info",
            title: "Join ZavCharge",
            description: "Create your ZavCharge account to open this page.",
          }),
        },
      });
    if (!driver) throw await refuse(request, "sign-in");
    context.set(driverContext, driver);
    return next();
  }
  const outcome = decideAccess(entry.access, viewer);
  if (outcome !== "allowed") throw await refuse(request, outcome);
  return next();
};

export type Ctx = Readonly<RouterContextProvider>;

export function getViewerFrom(context: Ctx): TViewer | null {
  return context.get(viewerContext);
}

export function getSettingsFrom(context: Ctx): TSettings {
  const settings = context.get(settingsContext);
  if (!settings) throw new Error("settings not loaded: accessMiddleware must run first");
  return settings;
}

/** For handlers: the viewer, or the same sign-in redirect the middleware gives. */
export async function requireUser(context: Ctx, request: Request): Promise<TViewer> {
  const viewer = context.get(viewerContext);
  if (viewer) return viewer;
  throw await refuse(request, "sign-in");
}

export async function requireRole(context: Ctx, request: Request, role: TRole): Promise<TViewer> {
  const viewer = await requireUser(context, request);
  if (!hasRoleLevel(viewer.role, role)) throw await refuse(request, "denied");
  return viewer;
}

/** For handlers of "driver" routes: the driver the guard found. */
export function requireDriver(context: Ctx): TDriverAccount {
  const driver = context.get(driverContext);
  if (!driver) throw new Error('no driver: the route\'s access must be { allow: "driver" }');
  return driver;
}

export function requireFeature(context: Ctx, feature: TFeature) {
  if (!getSettingsFrom(context)[FEATURES[feature].setting]) throw featureDisabledResponse(feature);
}
