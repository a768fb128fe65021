import { orFail } from "../../tests/support/results";
import { describe, expect, it } from "vitest";
import { formatOrderNumber } from "@domain/orders/order-status";
import { makeUser, placeSeededOrder } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { countUnread } from "./count-unread";
import { listNotifications } from "./list-notifications";
import { listNotificationsSince } from "./list-notifications-since";
import { markAllRead } from "./mark-all-read";
import { markRead } from "./mark-read";
import { notifyUser } from "./notify-user";

useTestDatabase();

const note = (userId: string, title: string) => notifyUser(getDb(), { userId, type: "other", title, message: `${title} message` });

describe("the bell's inbox", () => {
  it("lists newest first in pages, counts unread, and catches up after an id", async () => {
    const user = await makeUser("customer");
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await note(user.id, `N${i}`)).notificationId!);
    const first = await listNotifications(user.id, { limit: 2 });
    expect(first.notifications.map((n) => n.title)).toEqual(["N5", "N4"]);
    expect(first.unread).toBe(5);
    const next = await listNotifications(user.id, { limit: 2, before: first.notifications[1]!.id });
    expect(next.notifications.map((n) => n.title)).toEqual(["N3", "N2"]);
    expect((await listNotificationsSince(user.id, ids[2]!)).notifications.map((n) => n.title)).toEqual(["N5", "N4"]);
  });

  it("marks only the user's own notification read; mark all read clears the count", async () => {
    const owner = await makeUser("customer");
    const other = await makeUser("customer");
    const a = (await note(owner.id, "Mine")).notificationId!;
    await note(owner.id, "Also mine");
    expect(await markRead(other.id, a)).toEqual({ changed: false, unread: 0 });
    expect(await countUnread(getDb(), owner.id)).toBe(2);
    expect(await markRead(owner.id, a)).toEqual({ changed: true, unread: 1 });
    expect(await markRead(owner.id, a)).toMatchObject({ changed: false }); // already read
    expect((await listNotifications(owner.id)).notifications.map((n) => [n.title, n.read])).toEqual([
      ["Also mine", false],
      ["Mine", true],
    ]);
    expect(await markAllRead(owner.id)).toEqual({ changed: 1 });
    expect(await countUnread(getDb(), owner.id)).toBe(0);
  });
});

describe("order notifications", () => {
  it("placing an order tells the customer and every staff member; a confirmed payment tells the customer", async () => {
    const staff = await makeUser("staff", "Tunde Bakare");
    const admin = await makeUser("admin", "Ada Admin");
    const customer = await makeUser("customer", "Chidinma Eze");
    const order = await placeSeededOrder(customer);
    const label = formatOrderNumber(order.number);

    const mine = await listNotifications(customer.id);
    expect(mine.notifications.map((n) => [n.type, n.title, n.link])).toEqual([["order", `Order ${label} received`, "/client-dashboard"]]);
    for (const member of [staff, admin]) {
      const [n] = (await listNotifications(member.id)).notifications;
      expect(n).toMatchObject({ type: "order", title: `New order ${label}`, link: `/staff/orders/${order.id}` });
      expect(n!.message).toContain("Chidinma Eze");
    }

    await confirmOfflinePayment({ staff: { id: staff.id, name: staff.name }, orderId: order.id, reference: "GTB-TRF-0042" }).then(orFail);
    const [paid] = (await listNotifications(customer.id)).notifications;
    expect(paid).toMatchObject({ type: "payment", title: `Payment received for ${label}` });
    expect(paid!.message).toContain("GTB-TRF-0042");
  });
});
