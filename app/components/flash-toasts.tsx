import { useEffect, useState } from "react";
import { toast, Toaster } from "sonner";
import { useRootData } from "~/root";

// SPEC 9 toast durations.
const DURATION = { success: 4000, error: 5000, warning: 4000, info: 3000 } as const;

/**
 * Shows the server's one-shot message as a toast. Before JavaScript runs it is a plain banner,
 * so a visitor without JavaScript still reads it.
 */
export function FlashToasts() {
  const root = useRootData();
  const flash = root?.flash ?? null;
  const [hydrated, setHydrated] = useState(false);
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
      {/* sonner's plain colours follow our theme and keep AA contrast (its "rich" colours do not). */}
      <Toaster position="top-center" closeButton theme={root?.theme ?? "dark"} />
    </>
  );
}
