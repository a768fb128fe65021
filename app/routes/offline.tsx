import { WifiOff } from "lucide-react";
import type { Route } from "./+types/offline";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";

// The page the service worker (public/sw.js) keeps and shows when a navigation fails for lack of network.
// It is fetched without cookies, so it never holds a signed-in visitor's details, and kept without its
// scripts: it is shown at the address that failed, where hydrating /offline's modules would not match.

export const meta: Route.MetaFunction = () => metaFor("/offline");

export default function Offline() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <div className={`${cardClass} text-center`}>
        <WifiOff className="mx-auto h-10 w-10 text-accent" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">You are offline</h1>
        <p className="mt-3 text-lg text-muted">We could not reach Zavolah. Check your data or Wi-Fi connection, then try again.</p>
        <p className="mt-2 text-sm text-muted">Pages you open while connected load faster next time.</p>
        {/* A plain link, no script: the service worker serves this page without scripts and points this
            link at the page the visitor asked for (see public/sw.js). */}
        <a href="/offline" data-retry="1" className={`${buttonClass.primary} mt-6`}>
          Try again
        </a>
      </div>
    </section>
  );
}
