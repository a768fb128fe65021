import { Bell } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";

// The bell is an island: its code (list, websocket client, icons) is fetched after hydration and only for
// signed-in visitors, so no page's first-load JS grows. Until then a same-sized bell holds its place.
const NotificationBell = lazy(() => import("./notification-bell"));

export function BellSlot() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const placeholder = (
    <span aria-hidden className="inline-flex min-h-11 min-w-11 items-center justify-center text-fg opacity-60">
      <Bell className="h-5 w-5" />
    </span>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell />
    </Suspense>
  );
}
