import { useSyncExternalStore } from "react";

// sonner's toast API without sonner in the first load: sonner (about 10 KB gzipped) is fetched the first time
// a toast is shown, and toasts asked for meanwhile are shown once it is there. Import `toast` from here,
// never from "sonner", or sonner goes back into every page's JavaScript.

export type TToastKind = "success" | "error" | "info" | "warning";
export type TToastOptions = { description?: string; duration?: number };
/** A toast as the server sends it: after a redirect (the flash cookie) or in a form's JSON answer. */
export type TToastMessage = { type: TToastKind; title: string; description?: string };
type TShow = (kind: TToastKind, title: string, options?: TToastOptions) => void;

let show: TShow | null = null;
let pending: Parameters<TShow>[] = [];
let requested = false;
const listeners = new Set<() => void>();

function notify(kind: TToastKind, title: string, options?: TToastOptions) {
  if (show) return show(kind, title, options);
  pending.push([kind, title, options]);
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
}

export const toast = {
  success: (title: string, options?: TToastOptions) => notify("success", title, options),
  error: (title: string, options?: TToastOptions) => notify("error", title, options),
  info: (title: string, options?: TToastOptions) => notify("info", title, options),
  warning: (title: string, options?: TToastOptions) => notify("warning", title, options),
};

/** How long each kind of toast stays on screen (docs/product/validation-and-messages.md). */
export const TOAST_DURATION: Record<TToastKind, number> = { success: 4000, error: 5000, warning: 4000, info: 3000 };

/** Shows a toast the server sent, for as long as its kind stays. */
export function showToast(message: TToastMessage) {
  notify(message.type, message.title, { description: message.description, duration: TOAST_DURATION[message.type] });
}

/** For the lazily loaded toaster: from now on toasts go straight to it; the ones waiting are shown now. */
export function connectToaster(fn: TShow) {
  show = fn;
  const waiting = pending;
  pending = [];
  waiting.forEach((args) => fn(...args));
  return () => {
    if (show === fn) show = null;
  };
}

/** True once some code has asked for a toast: the root then mounts the toaster. */
export function useToastRequested(): boolean {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => requested,
    () => false,
  );
}
