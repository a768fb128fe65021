import { Settings } from "lucide-react";
import { lazy, Suspense, useState } from "react";

const PreferencesDialog = lazy(() => import("./preferences-dialog"));

/** A button that opens the "Notification Preferences" dialog, fetched when first opened. */
export function PreferencesButton({ className, label = "Notification preferences" }: { className: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Settings className="h-4 w-4" aria-hidden />
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PreferencesDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
