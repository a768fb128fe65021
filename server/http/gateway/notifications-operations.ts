import { z } from "zod";
import { refuse } from "@domain/errors/app-error";
import { ZPreferences, ZPreferencesPatch } from "@domain/notifications/preferences-input";
import { parseAddressId } from "@domain/http/outside-text";
import { getPreferences } from "../../notifications/get-preferences";
import { listNotifications } from "../../notifications/list-notifications";
import { markAllRead } from "../../notifications/mark-all-read";
import { markRead } from "../../notifications/mark-read";
import { updatePreferences } from "../../notifications/update-preferences";
import { cursorNumber, encodeCursor, ZPageOf, ZPageQuery } from "./api-paging";
import { userOperation, type TApiOperation } from "./api-operation";

// The bell through the API (docs/product/api-gateway.md#notifications, docs/product/notifications-and-reminders.md):
// the person's notifications newest first, a page at a time, marked read one or all at once, and their preferences.

const ZNotification = z
  .object({
    id: z.number().int(),
    type: z.string(),
    title: z.string(),
    message: z.string(),
    priority: z.enum(["high", "medium", "low"]),
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });

const ZNotificationPage = ZPageOf("NotificationPage", ZNotification, { unread: z.number().int() });

const ZUnread = z.object({ unread: z.number().int() }).meta({ id: "Unread" });

export const notificationsOperations: TApiOperation[] = [
  userOperation({
    method: "GET",
    path: "/notifications",
    operationId: "listNotifications",
    summary: "Your notifications, newest first, a page at a time, with how many are unread",
    tag: "Notifications",
    query: ZPageQuery,
    success: { status: 200, schema: ZNotificationPage, description: "A page of notifications" },
    refusals: [],
    example: {},
    async handle({ caller, query }) {
      const { limit, cursor } = query as z.output<typeof ZPageQuery>;
      const read = cursorNumber(cursor);
      if (!read.ok) return read;
      const page = await listNotifications(caller.viewer.id, { before: read.after ?? undefined, limit: limit + 1 });
      const items = page.notifications.slice(0, limit);
      const nextCursor = page.notifications.length > limit ? encodeCursor([items[items.length - 1]!.id]) : null;
      return { status: 200, body: { items, nextCursor, unread: page.unread } };
    },
  }),
  userOperation({
    method: "POST",
    path: "/notifications/{id}/read",
    operationId: "markNotificationRead",
    summary: "Mark one of your notifications read",
    tag: "Notifications",
    body: z.object({}).strict().meta({ id: "Empty" }),
    success: { status: 200, schema: ZUnread, description: "How many are still unread" },
    refusals: [404],
    async handle({ caller, params }) {
      const id = parseAddressId(params.id);
      if (!id) return refuse("not_found", "You have no such notification.");
      const marked = await markRead(caller.viewer.id, id);
      return { status: 200, body: { unread: marked.unread } };
    },
  }),
  userOperation({
    method: "POST",
    path: "/notifications/read-all",
    operationId: "markAllNotificationsRead",
    summary: "Mark all your notifications read",
    tag: "Notifications",
    body: z.object({}).strict(),
    success: { status: 200, schema: ZUnread, description: "None left unread" },
    refusals: [],
    example: {},
    async handle({ caller }) {
      await markAllRead(caller.viewer.id);
      return { status: 200, body: { unread: 0 } };
    },
  }),
  userOperation({
    method: "GET",
    path: "/notifications/preferences",
    operationId: "getNotificationPreferences",
    summary: "Your notification preferences",
    tag: "Notifications",
    success: { status: 200, schema: ZPreferences.meta({ id: "Preferences" }), description: "The eight switches" },
    refusals: [],
    example: {},
    async handle({ caller }) {
      return { status: 200, body: await getPreferences(caller.viewer.id) };
    },
  }),
  userOperation({
    method: "POST",
    path: "/notifications/preferences",
    operationId: "updateNotificationPreferences",
    summary: "Change some of your notification preferences",
    tag: "Notifications",
    body: ZPreferencesPatch,
    success: { status: 200, schema: ZPreferences, description: "All eight switches after the change" },
    refusals: [],
    example: { marketingEmails: false },
    async handle({ caller, body }) {
      return { status: 200, body: await updatePreferences(caller.viewer.id, body) };
    },
  }),
];
