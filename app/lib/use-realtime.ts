import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { createRealtimeLink, publicWsUrl, wsUrl, type TInboundMessage, type TLinkStatus, type TRealtimeLink } from "./realtime";

export type TRealtimeOptions = {
  /** Which socket: the signed-in user's own, the public one (station availability), or none. */
  socket: "user" | "public" | null;
  /** What the page does with each message type it listens to; each handler checks the payload it is given. */
  on: Record<string, (payload: unknown, message: TInboundMessage) => void>;
  /** What a reconnect or the server's resync fetches again; the page's data when unsaid. */
  catchUp?: () => void;
  /** Catch up on the first open too (a widget that loaded its data before the link opened). */
  catchUpOnFirstOpen?: boolean;
};

/**
 * One live link for a page or a widget (docs/product/notifications-and-reminders.md#live-updates): it opens the socket
 * after hydration, routes each message to its handler, and after a reconnect (not the first open) or a resync from the
 * server fetches again what was missed, so nothing stays stale. Handlers and catch-up are read fresh on every message.
 */
export function useRealtime(options: TRealtimeOptions): { status: TLinkStatus | "idle"; retry: () => void } {
  const [status, setStatus] = useState<TLinkStatus | "idle">("idle");
  const revalidator = useRevalidator();
  const latest = useRef({ options, revalidate: revalidator.revalidate });
  latest.current = { options, revalidate: revalidator.revalidate };
  const link = useRef<TRealtimeLink | null>(null);

  useEffect(() => {
    if (!options.socket) return;
    const catchUp = () => {
      const { options: now, revalidate } = latest.current;
      if (now.catchUp) now.catchUp();
      else void revalidate();
    };
    let opened = 0;
    const realtime = createRealtimeLink({
      url: options.socket === "public" ? publicWsUrl() : wsUrl(),
      onStatus: setStatus,
      onOpen: () => {
        if (opened++ > 0 || latest.current.options.catchUpOnFirstOpen) catchUp();
      },
      onMessage: (message) => {
        if (message.type === "resync") return catchUp();
        latest.current.options.on[message.type]?.(message.payload, message);
      },
    });
    link.current = realtime;
    return () => {
      realtime.close();
      link.current = null;
    };
  }, [options.socket]);

  return { status, retry: () => link.current?.retry() };
}
