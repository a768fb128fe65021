import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

const FORCE_FINISH_MS = 5_000;

/** A bar across the top while the next page loads; after 5 s it is forced to finish (docs/product/site-shell.md#navigation). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!busy) {
      setTimedOut(false);
      return;
    }
    const timer = setTimeout(() => setTimedOut(true), FORCE_FINISH_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  const visible = busy && !timedOut;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!visible}
      data-state={visible ? "loading" : "idle"}
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity duration-200 ${visible ? "opacity-100" : "opacity-0"}`}
    >
      <div
        className="h-full w-full bg-gradient-to-r from-brand to-accent"
        style={visible ? { animation: "progress 1.2s ease-out forwards" } : undefined}
      />
    </div>
  );
}
