import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { UNAVAILABLE_TITLE, unavailableMessageOf } from "@domain/http/unavailable";
import { AuthDialogSlot } from "./components/auth-dialog-slot";
import { ErrorScreen } from "./components/error-screen";
import { FeatureDisabled } from "./components/feature-disabled";
import { FlashToasts } from "./components/flash-toasts";
import { FloatingPanel } from "./components/floating-panel";
import { HashScroll } from "./components/hash-scroll";
import { NavigationProgress } from "./components/navigation-progress";
import { NotFound } from "./components/not-found";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { metaFor } from "./lib/meta";
import { registerServiceWorker } from "./lib/register-service-worker";
import { accessMiddleware, getSettingsFrom, getViewerFrom } from "~/http/access.server";
import { cartMiddleware, getCartOwnerFrom } from "~/http/cart-middleware.server";
import { databaseGoneMiddleware } from "~/http/database-gone.server";
import { readFlash, type TFlash } from "~/http/flash.server";
import { buildShell, hydrateOnFor, readFrameFigures, type TShell } from "~/http/shell.server";
import { keepPersonalSummaryFor, loadPersonalSummary, usePersonalSummary } from "./lib/personal-summary";
import stylesheet from "./app.css?url";

export const middleware: Route.MiddlewareFunction[] = [databaseGoneMiddleware, accessMiddleware, cartMiddleware];

export const links: LinksFunction = () => [
  // With a precedence React writes the stylesheet at the top of the head, ahead of the script preloads it otherwise
  // follows (docs/product/site-shell.md#loading-order).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/icon-192.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: Route.MetaFunction = (args) => metaFor("/", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flash, clear } = await readFlash(request);
  const viewer = getViewerFrom(context);
  const { cart, pendingApprovals } = await readFrameFigures(viewer, getCartOwnerFrom(context));
  const shell = buildShell(request, viewer, getSettingsFrom(context), cart, pendingApprovals);
  const hydrateOn = hydrateOnFor(request, viewer, flash !== null);
  return data({ ...shell, flash, hydrateOn }, { headers: clear ? { "Set-Cookie": clear } : undefined });
}

/**
 * Root's data carries the page's title and description (so the route table stays out of the browser): it
 * is read again whenever the path changes, in the same request as the next page's own data.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export type TRootData = TShell & { flash: TFlash | null; hydrateOn?: "on-intent" | "now" };

/** The frame's data as the server sent it: from root's loader, or from an error the access middleware threw before it ran. */
function useFrameData(): TRootData | undefined {
  const loaded = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  if (loaded) return loaded;
  if (isRouteErrorResponse(error) && error.data?.shell) return { ...(error.data.shell as TShell), flash: null };
  return undefined;
}

/**
 * The frame's data. On a page the shared cache sent a signed-in visitor (an error page too), their own parts join
 * it once /api/me answers (lib/personal-summary.ts).
 */
export function useRootData(): TRootData | undefined {
  const frame = useFrameData();
  const summary = usePersonalSummary(frame?.personal === "deferred");
  if (!frame || !summary) return frame;
  const { viewer, panelLinks, cart, pendingApprovals } = summary;
  return { ...frame, viewer, panelLinks, cart, pendingApprovals, personal: "included" };
}

/**
 * Whether to offer the signed-in way (an enrol form, "Join") rather than "Sign in to...": yes for a signed-in
 * visitor, and on a shared copy sent to one until /api/me says otherwise (docs/product/site-shell.md#personal-parts).
 */
export function useLooksSignedIn(): boolean {
  const root = useRootData();
  return Boolean(root?.viewer) || root?.personal === "deferred";
}

/** The visitor's own parts when this page came from the shared cache (null until they arrive, or when the page has them). */
export function useDeferredPersonalSummary() {
  return usePersonalSummary(useFrameData()?.personal === "deferred");
}

/** Fetches a shared page's personal parts, and drops the tab's copy when a page rendered for the visitor disagrees. */
function useFetchPersonalParts() {
  const frame = useFrameData();
  const personal = frame?.personal;
  const viewerId = frame?.viewer?.id ?? null;
  useEffect(() => {
    if (personal === "deferred") void loadPersonalSummary();
    else if (personal === "included") keepPersonalSummaryFor(viewerId);
  }, [personal, viewerId]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const theme = root?.theme ?? "dark";
  useFetchPersonalParts();
  // Lets tests (and CSS) tell when the page is interactive; Layout renders on error pages too.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    registerServiceWorker();
  }, []);
  return (
    <html lang="en-NG" className={theme === "dark" ? "dark" : ""} data-hydrate={root?.hydrateOn ?? "now"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "dark" ? "#0a120d" : "#15803d"} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh flex flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <FloatingPanel />
        <AuthDialogSlot />
        <FlashToasts />
        <HashScroll />
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const reference = useRootData()?.requestId;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    if (error.status === 503 && error.data?.featureDisabled) return <FeatureDisabled feature={String(error.data.featureDisabled)} />;
    // A link or form sent from the page while our records were out of reach or the site was too busy (the server's 503).
    if (error.status === 503) return <ErrorScreen title={UNAVAILABLE_TITLE} message={unavailableMessageOf(error.data)} />;
    const message = error.data?.message ?? error.statusText;
    if (error.status === 403) return <ErrorScreen title="Not allowed" message={message} />;
    // Input the site could not read (docs/product/site-shell.md#bad-input): nothing broke, so no reference.
    if (error.status >= 400 && error.status < 500) return <ErrorScreen title="We couldn't read that" message={message} />;
    return <ErrorScreen title="Application Error" message={message} reference={reference} />;
  }
  return (
    <ErrorScreen title="Application Error" message="Something went wrong while loading this page." error={error} reference={reference} />
  );
}
