import type { TNotificationPage, TPreferenceValues } from "@domain/notifications/notifications";

// The bell's and the dialog's calls to /api/notifications*. A signed-out session gets the sign-in redirect
// (HTML), which res.ok with a JSON content type tells apart.

async function json<T>(res: Response): Promise<T> {
  if (!res.ok || !res.headers.get("content-type")?.includes("application/json")) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

const post = (path: string, body?: unknown) =>
  fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });

export const notificationApi = {
  list: (after?: number) =>
    fetch(after === undefined ? "/api/notifications" : `/api/notifications?after=${after}`, { credentials: "same-origin" }).then((r) =>
      json<TNotificationPage>(r),
    ),
  markRead: (id: number) => post("/api/notifications/read", { id }).then((r) => json<{ changed: boolean; unread: number }>(r)),
  markAllRead: () => post("/api/notifications/read-all").then((r) => json<{ unread: number }>(r)),
  preferences: () => fetch("/api/notifications/preferences", { credentials: "same-origin" }).then((r) => json<TPreferenceValues>(r)),
  savePreference: (patch: Partial<TPreferenceValues>) =>
    post("/api/notifications/preferences", patch).then((r) => json<TPreferenceValues>(r)),
};
