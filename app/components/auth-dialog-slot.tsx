import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { useRootData } from "~/root";

// The auth dialog's code is fetched only when ?login=true opens it for a signed-out visitor, so no page's
// first-load JS carries it. Opened on the server (a shared link, no JavaScript), it is rendered there and
// its boundary hydrates once the chunk arrives.
const AuthDialog = lazy(() => import("./auth-dialog").then((m) => ({ default: m.AuthDialog })));

export function AuthDialogSlot() {
  const root = useRootData();
  const [params] = useSearchParams();
  if (params.get("login") !== "true" || root?.viewer) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
