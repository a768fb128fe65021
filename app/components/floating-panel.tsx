import { LogIn, LogOut, ShoppingCart, User, Volume2, VolumeX } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useRootData } from "~/root";
import { formatKobo } from "@domain/money/money";
import { ThemeToggle } from "./theme-toggle";
import { buttonClass } from "./ui/styles";

// Only admins see it: its code is fetched for them alone, keeping every visitor's first load small.
const PendingApprovalsBox = lazy(() => import("./pending-approvals-box"));

/**
 * Plays a short chime when the cart count rises (docs/product/site-shell.md#floating-panel), unless the visitor muted it.
 * Not when the count merely becomes known: a cached page learns it after load (site-shell.md#personal-parts).
 */
function useCartChime(count: number, known: boolean) {
  const previous = useRef<number | null>(known ? count : null);
  useEffect(() => {
    if (previous.current !== null && count > previous.current && localStorage.getItem("cart-sound") !== "off") {
      try {
        const ctx = new AudioContext();
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = 880;
        gain.gain.setValueAtTime(0.08, ctx.currentTime);
        gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
        osc.connect(gain).connect(ctx.destination);
        osc.start();
        osc.stop(ctx.currentTime + 0.25);
      } catch {
        // No audio on this device: the badge still updates.
      }
    }
    previous.current = known ? count : null;
  }, [count, known]);
}

/** Mute or unmute the cart chime; the choice stays in this browser (localStorage "cart-sound"). */
function CartSoundToggle() {
  const [muted, setMuted] = useState(false);
  useEffect(() => setMuted(localStorage.getItem("cart-sound") === "off"), []);
  return (
    <button
      type="button"
      aria-pressed={muted}
      aria-label="Mute cart sound"
      title={muted ? "Cart sound is off" : "Cart sound is on"}
      onClick={() => {
        localStorage.setItem("cart-sound", muted ? "on" : "off");
        setMuted(!muted);
      }}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-fg hover:bg-surface-2"
      data-testid="cart-sound"
    >
      {muted ? <VolumeX className="h-5 w-5" aria-hidden /> : <Volume2 className="h-5 w-5" aria-hidden />}
    </button>
  );
}

/** The floating account-and-cart panel: collapsed to a button, expanded to 320 x 240 (a bottom sheet under 640 px). */
export function FloatingPanel() {
  const root = useRootData();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.key]);
  const viewer = root?.viewer ?? null;
  const cart = root?.cart ?? { itemCount: 0, totalKobo: 0 };
  useCartChime(cart.itemCount, root?.personal === "included");

  const links = root?.panelLinks ?? [];
  const here = location.pathname + location.search;

  return (
    <details
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      className="group fixed bottom-0 right-0 z-40 flex w-full flex-col items-end sm:bottom-4 sm:right-4 sm:w-auto"
      data-testid="floating-panel"
    >
      <summary
        className="mr-4 mb-4 flex h-14 w-fit cursor-pointer list-none items-center gap-2 rounded-full bg-brand px-4 text-brand-contrast shadow-lg sm:m-0 [&::-webkit-details-marker]:hidden"
        aria-label={`${viewer ? `Account menu for ${viewer.name}` : "Account and cart"}, ${cart.itemCount} item${cart.itemCount === 1 ? "" : "s"} in cart`}
      >
        <User className="h-5 w-5" aria-hidden />
        <ShoppingCart className="h-5 w-5" aria-hidden />
        <span className="min-w-6 rounded-full bg-accent px-1.5 text-center text-xs font-bold text-accent-contrast" data-testid="cart-count">
          {cart.itemCount}
        </span>
      </summary>
      <div className="flex max-h-[70dvh] w-full flex-col rounded-t-2xl border border-line bg-surface shadow-2xl sm:mt-2 sm:h-[240px] sm:max-h-none sm:w-[320px] sm:rounded-2xl">
        <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
          <p className="truncate text-sm font-semibold">{viewer ? `Hi, ${viewer.name.split(" ")[0]}` : "Welcome"}</p>
          <Link to="/cart" prefetch="intent" className="rounded-lg px-2 py-1 text-sm hover:bg-surface-2" data-testid="cart-link">
            <span className="text-muted underline">Cart</span>{" "}
            <span className="font-semibold" data-testid="cart-total">
              {formatKobo(cart.totalKobo)}
            </span>
            <span className="sr-only">
              , {cart.itemCount} item{cart.itemCount === 1 ? "" : "s"}
            </span>
          </Link>
        </div>
        <nav aria-label="Account" className="flex-1 overflow-y-auto px-2 py-1">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} prefetch="intent" className="block rounded-lg px-2 py-2 text-sm hover:bg-surface-2">
                  {l.label}
                </Link>
              </li>
            ))}
            {viewer ? (
              <li>
                <Link to="/account" prefetch="intent" className="block rounded-lg px-2 py-2 text-sm hover:bg-surface-2">
                  My account
                </Link>
              </li>
            ) : null}
          </ul>
          {viewer?.role === "admin" ? (
            <Suspense fallback={null}>
              <PendingApprovalsBox pending={root?.pendingApprovals ?? null} />
            </Suspense>
          ) : null}
        </nav>
        <div className="flex items-center justify-between gap-2 border-t border-line px-2 py-1">
          <div className="flex items-center">
            <ThemeToggle withLabel />
            <CartSoundToggle />
          </div>
          {viewer ? (
            <Form method="post" action="/auth/sign-out">
              <button type="submit" className={buttonClass.ghost}>
                <LogOut className="h-4 w-4" aria-hidden /> Sign out
              </button>
            </Form>
          ) : root?.personal === "deferred" ? (
            // A shared page for a signed-in visitor, their parts not here yet (or no JavaScript): their pages are one tap away.
            <Link to="/account" prefetch="intent" className={`${buttonClass.ghost} whitespace-nowrap`}>
              <User className="h-4 w-4" aria-hidden /> My account
            </Link>
          ) : (
            <Link
              to={`${location.pathname}?login=true&returnTo=${encodeURIComponent(here)}`}
              preventScrollReset
              className={buttonClass.ghost}
            >
              <LogIn className="h-4 w-4" aria-hidden /> Sign in
            </Link>
          )}
        </div>
      </div>
    </details>
  );
}
