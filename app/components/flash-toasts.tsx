import { lazy, Suspense, useEffect, useState } from "react";
import { useRootData } from "~/root";
import { showToast, useToastRequested } from "~/lib/toast";

// sonner stays out of the first load: fetched when the first toast is asked for.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

/**
 * Shows the server's one-shot message as a toast. Before JavaScript runs it is a plain banner,
 * so a visitor without JavaScript still reads it.
 */
export function FlashToasts() {
  const root = useRootData();
  const flash = root?.flash ?? null;
  const [hydrated, setHydrated] = useState(false);
  const requested = useToastRequested();
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!flash) return;
    showToast(flash);
  }, [flash]);
  return (
    <>
      {!hydrated && flash ? (
        <div role="status" className="fixed inset-x-2 top-20 z-50 mx-auto max-w-md rounded-xl border border-line bg-surface p-4 shadow-xl">
          <p className="font-semibold">{flash.title}</p>
          {flash.description ? <p className="text-sm text-muted">{flash.description}</p> : null}
        </div>
      ) : null}
      {requested ? (
        <Suspense fallback={null}>
          <SonnerToaster theme={root?.theme ?? "dark"} />
        </Suspense>
      ) : null}
    </>
  );
}
