import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { SESSION_EVENT_TYPE, type TLiveSession } from "@domain/zavcharge/sessions/session-rules";
import { useRealtime } from "~/lib/use-realtime";

const PIN_REFRESH_MS = 5000;

function isLiveSession(p: unknown): p is TLiveSession {
  const s = p as TLiveSession | undefined;
  return !!s && typeof s.sessionId === "number" && typeof s.energyWh === "number" && typeof s.costKobo === "number";
}

/**
 * The driver's running session, live (docs/product/zavcharge.md#chargers). Signed in with a site account, the
 * user's own socket brings each meter reading as it arrives; a PIN session has no socket, so the page refreshes
 * its data every few seconds while a session runs or a start is awaited. A stop refreshes the whole page
 * (balance, wallet activity, recent charging).
 */
export function useLiveSession(initial: TLiveSession | null, viaSiteAccount: boolean, awaitingStart: boolean) {
  const [live, setLive] = useState(initial);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // The page's own data wins whenever it is fetched again.
  useEffect(() => setLive(initial), [initial]);

  // A session once seen ended stays ended: a late reading must not bring its card back.
  const ended = useRef(new Set<number>());
  useRealtime({
    socket: viaSiteAccount ? "user" : null,
    on: {
      [SESSION_EVENT_TYPE]: (payload) => {
        if (!isLiveSession(payload)) return;
        if (payload.status !== "active") {
          const endedId = payload.sessionId;
          ended.current.add(endedId);
          // Cleared here, not only by the refreshed page data: when the card came from the socket alone (the page
          // was loaded before the charger confirmed the start), that data is "no session" both before and after.
          setLive((current) => (current?.sessionId === endedId ? null : current));
          return void revalidate.current();
        }
        if (!ended.current.has(payload.sessionId)) setLive(payload);
      },
    },
  });

  const polling = !viaSiteAccount && (live !== null || awaitingStart);
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void revalidate.current(), PIN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [polling]);

  return live;
}
