import { lazy, Suspense, type ComponentType } from "react";
import { useSearchParams } from "react-router";
import { useRootData } from "~/root";

// The auth dialog's code (forms, tabs, focus trap) stays out of the first load: it is fetched when the
// dialog opens (or on hover of a sign-in link). The server has it loaded before the first request, so a
// page opened at ?login=true still arrives with the dialog in its HTML and works without JavaScript.
let Loaded: ComponentType | null = null;
export const preloadAuthDialog = () => import("./auth-dialog").then((m) => (Loaded = m.AuthDialog));
if (import.meta.env.SSR) void preloadAuthDialog();
const LazyAuthDialog = lazy(() => preloadAuthDialog().then((C) => ({ default: C })));

export function AuthDialogGate() {
  const root = useRootData();
  const [params] = useSearchParams();
  if (params.get("login") !== "true" || root?.viewer) return null;
  // While hydrating, a dialog the server rendered stays as it is until its code arrives.
  return <Suspense fallback={null}>{Loaded ? <Loaded /> : <LazyAuthDialog />}</Suspense>;
}
