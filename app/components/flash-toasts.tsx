import { lazy, Suspense, useEffect, useState } from "react";
import { useRootData } from "~/root";
import { toast, useToastRequested } from "~/lib/toast";

// SPEC 9 toast durations.
const DURATION = { success: 4000, error: 5000, warning: 4000, info: 3000 } as const;

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
    toast[flash.type](flash.title, { description: flash.description, duration: DURATION[flash.type] });
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
