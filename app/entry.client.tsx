import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { watchBrowserErrors } from "./lib/report-browser-error";

// A public page sent to an anonymous visitor works before JavaScript (links, forms, the server's HTML), so React takes
// it over on the visitor's first touch, key, mouse movement or wheel rather than while a slow phone is still busy loading; every other
// page hydrates at once (docs/product/site-shell.md#hydration). The server says which in <html data-hydrate>.
const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"] as const;

watchBrowserErrors();

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.documentElement.dataset.hydrate === "on-intent") {
  const start = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    hydrate();
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
} else {
  hydrate();
}
