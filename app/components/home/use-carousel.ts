import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from "react";

// Hand-written rather than a carousel library: the home page's whole first load must stay small.

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The visitor's reduced-motion preference; false on the server, so the server render is the still first frame anyway. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** False while the tab is hidden: nothing animates for nobody. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}

/** A horizontal swipe must travel this far (CSS px), and further than it moves vertically. */
const SWIPE_THRESHOLD = 40;

/**
 * State and handlers of an auto-advancing carousel (WAI-ARIA APG pattern): rotation every `intervalMs`,
 * paused while a mouse is over it, while anything inside has focus, while the tab is hidden, after the visitor
 * presses pause, and not started under prefers-reduced-motion unless the visitor presses play. Arrow keys step through it; touch swipes too.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // "auto" follows the motion preference; the pause/play button makes it an explicit choice either way.
  const [mode, setMode] = useState<"auto" | "stopped" | "playing">("auto");
  const reducedMotion = usePrefersReducedMotion();
  const visible = usePageVisible();
  const rotating = mode === "playing" || (mode === "auto" && !reducedMotion);
  const running = rotating && visible && !hovered && !focused;

  // One timeout per shown slide: a manual step restarts the full interval.
  useEffect(() => {
    if (!running) return;
    const id = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(id);
  }, [running, index, count, intervalMs]);

  const go = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const previous = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);
  const toggleRotation = useCallback(() => setMode(rotating ? "stopped" : "playing"), [rotating]);

  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const regionProps = {
    onPointerEnter: (e: PointerEvent) => e.pointerType === "mouse" && setHovered(true),
    onPointerLeave: (e: PointerEvent) => e.pointerType === "mouse" && setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      e.preventDefault();
      const forward = e.key === "ArrowRight";
      // Focus inside the outgoing slide would be lost when it turns inert: hand it to the matching button.
      if ((e.target as HTMLElement).closest('[aria-roledescription="slide"]')) {
        e.currentTarget.querySelector<HTMLElement>(`[data-carousel="${forward ? "next" : "previous"}"]`)?.focus();
      }
      (forward ? next : previous)();
    },
  };

  // Touch and pen only (mouse users have the buttons); the viewport sets touch-action: pan-y so vertical
  // scrolling still works and horizontal moves reach us.
  const swipeProps = {
    onPointerDown: (e: PointerEvent) => {
      swipeStart.current = e.pointerType === "mouse" ? null : { x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const start = swipeStart.current;
      swipeStart.current = null;
      if (!start) return;
      const dx = e.clientX - start.x;
      if (Math.abs(dx) >= SWIPE_THRESHOLD && Math.abs(dx) > Math.abs(e.clientY - start.y)) (dx < 0 ? next : previous)();
    },
    onPointerCancel: () => {
      swipeStart.current = null;
    },
  };

  return { index, go, next, previous, rotating, running, reducedMotion, toggleRotation, regionProps, swipeProps };
}
