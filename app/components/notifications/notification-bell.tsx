import {
  Bell,
  BookOpen,
  CalendarClock,
  CheckCheck,
  CreditCard,
  GraduationCap,
  Info,
  Newspaper,
  RefreshCw,
  ShoppingBag,
  TrendingUp,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { badgeText, relativeTime, unreadText, type TNotificationView } from "@domain/notifications/notifications";
import type { TLinkStatus } from "~/lib/realtime";
import { useRealtime } from "~/lib/use-realtime";
import { toast } from "~/lib/toast";
import { notificationApi } from "./api";
import { PreferencesButton } from "./preferences-button";

// The notification centre (docs/product/notifications-and-reminders.md): the bell, its unread badge and dropdown, live over /ws.
// Loaded after hydration for signed-in visitors only (see bell-slot.tsx), so pages' own JS stays small.

const ICONS: Record<string, LucideIcon> = {
  course_deadline: CalendarClock,
  subscription_renewal: RefreshCw,
  blog_post: Newspaper,
  academy_announcement: GraduationCap,
  zavcharge_maintenance: Wrench,
  charging: Zap,
  order: ShoppingBag,
  payment: CreditCard,
  investment: TrendingUp,
  course: BookOpen,
};

/** Unread items: a left border by priority, high red, medium yellow, otherwise blue (docs/product/notifications-and-reminders.md). */
const PRIORITY_BORDER = { high: "border-l-red-500", medium: "border-l-yellow-500", low: "border-l-blue-500" } as const;

type TReadEvent = { ids?: number[]; all?: boolean; unread?: number };

export default function NotificationBell() {
  const [items, setItems] = useState<TNotificationView[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const [, setTick] = useState(0);
  const lastId = useRef(0);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; right: number }>({ top: 64, right: 8 });
  const panelId = useId();
  const navigate = useNavigate();

  /** New rows go on top, without duplicates (a live push and a catch-up may bring the same one). */
  const merge = useCallback((incoming: TNotificationView[]) => {
    if (!incoming.length) return;
    lastId.current = Math.max(lastId.current, ...incoming.map((n) => n.id));
    setItems((current) => {
      const known = new Set(current.map((n) => n.id));
      return [...incoming.filter((n) => !known.has(n.id)), ...current].sort((a, b) => b.id - a.id).slice(0, 50);
    });
  }, []);

  const catchUp = useCallback(() => {
    notificationApi.list(lastId.current).then(
      (page) => {
        merge(page.notifications);
        setUnread(page.unread);
      },
      () => {},
    );
  }, [merge]);

  // The first page of the list, then the live link: after every open (the first included) it catches up on what
  // arrived meanwhile.
  const [listed, setListed] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let cancelled = false;
    notificationApi.list().then(
      (page) => {
        if (cancelled) return;
        merge(page.notifications);
        setUnread(page.unread);
        setListed("ready");
      },
      () => setListed("failed"),
    );
    const clock = setInterval(() => setTick((t) => t + 1), 60_000); // keeps "5 minutes ago" true
    return () => {
      cancelled = true;
      clearInterval(clock);
    };
  }, [merge]);
  const realtime = useRealtime({
    socket: listed === "ready" ? "user" : null,
    catchUp,
    catchUpOnFirstOpen: true,
    on: {
      notification: (_payload, message) => {
        const n = message.notification as TNotificationView;
        if (n.id <= lastId.current && !n.read) return; // already here through a catch-up
        merge([n]);
        if (!n.read) setUnread((u) => u + 1);
      },
      notifications_read: (payload) => {
        const p = payload as TReadEvent;
        setItems((current) => current.map((n) => (p.all || p.ids?.includes(n.id) ? { ...n, read: true } : n)));
        if (typeof p.unread === "number") setUnread(p.unread);
      },
    },
  });
  const status: TLinkStatus = listed === "failed" ? "failed" : realtime.status === "idle" ? "connecting" : realtime.status;

  // The panel hangs under the bell: full width on phones, 24rem wide from the bell's right edge above that.
  const place = useCallback(() => {
    const rect = button.current?.getBoundingClientRect();
    if (rect) setPosition({ top: rect.bottom + 8, right: Math.max(8, window.innerWidth - rect.right) });
  }, []);

  useEffect(() => {
    if (!open) return;
    place();
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || document.querySelector("dialog[open]")) return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (panel.current?.contains(target) || button.current?.contains(target) || document.querySelector("dialog[open]")) return;
      setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    window.addEventListener("resize", place);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("resize", place);
    };
  }, [open, place]);

  const markAll = async () => {
    const before = { items, unread };
    setItems((current) => current.map((n) => ({ ...n, read: true })));
    setUnread(0);
    try {
      await notificationApi.markAllRead();
    } catch {
      setItems(before.items);
      setUnread(before.unread);
      toast.error("Update Failed", { description: "Your notifications could not be marked read. Please try again." });
    }
  };

  const openItem = async (n: TNotificationView) => {
    if (!n.read) {
      setItems((current) => current.map((x) => (x.id === n.id ? { ...x, read: true } : x)));
      setUnread((u) => Math.max(0, u - 1));
      notificationApi.markRead(n.id).then(
        (r) => setUnread(r.unread),
        () => {},
      );
    }
    if (n.link?.startsWith("/")) {
      setOpen(false);
      navigate(n.link);
    }
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unreadText(unread)}` : "Notifications"}
        title="Notifications"
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-fg hover:bg-surface-2"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="notification-badge"
            aria-hidden
            className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-[11px] font-bold leading-5 text-accent-contrast"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-labelledby={`${panelId}-title`}
          tabIndex={-1}
          style={{ top: position.top, right: position.right }}
          className="fixed left-2 z-50 overflow-hidden rounded-2xl border border-line bg-surface text-fg shadow-2xl outline-none sm:left-auto sm:w-96"
        >
          <div className="flex items-start justify-between gap-2 border-b border-line px-4 py-3">
            <div>
              <h2 id={`${panelId}-title`} className="text-base font-semibold">
                Notifications
              </h2>
              <p className="text-xs text-muted" aria-live="polite" data-testid="unread-text">
                {unreadText(unread)}
              </p>
            </div>
            <button
              type="button"
              onClick={markAll}
              disabled={unread === 0}
              className="inline-flex min-h-11 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg px-2 text-sm font-medium text-brand hover:bg-surface-2 disabled:text-muted disabled:hover:bg-transparent"
            >
              <CheckCheck className="h-4 w-4" aria-hidden />
              Mark all read
            </button>
          </div>
          <LinkStatus status={status} onRetry={realtime.retry} />
          {items.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted">No notifications yet</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto" aria-label="Notifications list">
              {items.map((n) => {
                const Icon = ICONS[n.type] ?? Info;
                return (
                  <li key={n.id} className="border-b border-line last:border-b-0">
                    <button
                      type="button"
                      data-testid="notification-item"
                      data-read={n.read}
                      onClick={() => openItem(n)}
                      className={`flex w-full gap-3 border-l-4 px-4 py-3 text-left hover:bg-surface-2 ${n.read ? "border-l-transparent" : `${PRIORITY_BORDER[n.priority] ?? PRIORITY_BORDER.low} bg-surface-2/50`}`}
                    >
                      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand" aria-hidden />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-start justify-between gap-2">
                          <span className={`text-sm ${n.read ? "font-medium" : "font-semibold"}`}>{n.title}</span>
                          {n.read ? null : (
                            <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand" data-testid="unread-dot">
                              <span className="sr-only">Unread</span>
                            </span>
                          )}
                        </span>
                        <span className="mt-0.5 line-clamp-2 block text-sm text-muted">{n.message}</span>
                        <time dateTime={n.createdAt} className="mt-1 block text-xs text-muted">
                          {relativeTime(n.createdAt)}
                        </time>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="border-t border-line px-2 py-1">
            <PreferencesButton className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-fg hover:bg-surface-2" />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function LinkStatus({ status, onRetry }: { status: TLinkStatus; onRetry: () => void }) {
  if (status === "open" || status === "connecting") return null;
  return (
    <div
      role="status"
      data-testid="link-status"
      className="flex items-center justify-between gap-2 border-b border-line bg-surface-2 px-4 py-2 text-xs"
    >
      {status === "failed" ? (
        <>
          <span>Live updates are off: the connection failed.</span>
          <button type="button" onClick={onRetry} className="min-h-11 rounded-lg px-2 font-semibold text-brand hover:underline">
            Retry
          </button>
        </>
      ) : (
        <span>Reconnecting…</span>
      )}
    </div>
  );
}
