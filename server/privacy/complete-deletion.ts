import { eq } from "drizzle-orm";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { erasedEmailFor, type TForgotten, type TPersonToForget } from "@domain/privacy/deletion-requests";
import { forgetStudent } from "../academy/forget-student";
import { forgetAlertMentions } from "../alerts/forget-alert-mentions";
import { forgetAppointments } from "../appointments/forget-appointments";
import { forgetPersonInAudit } from "../audit/forget-person-in-audit";
import { forgetAccount } from "../auth/forget-account";
import { users } from "../auth/schema";
import { forgetCampaignRecipient } from "../campaigns/forget-campaign-recipient";
import { forgetCart } from "../cart/forget-cart";
import { forgetContentPerson } from "../content/forget-content-person";
import { forgetCrmPerson } from "../crm/forget-crm-person";
import type { DbOrTx } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { publicUrl } from "../env";
import { log } from "../log";
import { forgetApiDevices } from "../gateway/forget-api-devices";
import { forgetInvestor } from "../investments/forget-investor";
import { forgetMarketplacePerson } from "../marketplace/forget-marketplace-person";
import { forgetMigratedPerson } from "../migration/forget-migrated-person";
import { enqueueEmail } from "../messaging/enqueue-email";
import { forgetRecipient } from "../messaging/forget-recipient";
import { deletionCompletedEmail } from "../messaging/privacy-emails";
import { forgetNotifications } from "../notifications/forget-notifications";
import { customerDetailsOf, forgetOrderCustomer } from "../orders/forget-order-customer";
import { forgetPaymentPayloads } from "../payments/forget-payment-payloads";
import { forgetInstallationCustomer } from "../power/forget-installation-customer";
import { forgetSubscriptions } from "../subscriptions/forget-subscriptions";
import { forgetCapabilities } from "../users/forget-capabilities";
import { forgetDriver } from "../zavcharge/forget-driver";
import { rememberErasedAddress } from "./erased-addresses";
import { findErasureHolds } from "./find-erasure-holds";
import { lockOpenDeletionRequest, recordDeletionDecision } from "./deletion-decision";

type TStep = [part: string, forget: (tx: DbOrTx, p: TPersonToForget, keep: number[]) => Promise<TForgotten>];

/**
 * Every part of the site that holds personal data, and its own "forget this person" (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data).
 * The data export's list of tables is the checklist (server/users/export-personal-data.ts). Orders go first (an unpaid
 * one is cancelled while it still has its customer), the account last: the others look for the old e-mail address.
 */
const STEPS: TStep[] = [
  ["orders", forgetOrderCustomer],
  ["marketplace", forgetMarketplacePerson],
  ["investments", forgetInvestor],
  ["zavcharge", forgetDriver],
  ["subscriptions", forgetSubscriptions],
  ["academy", forgetStudent],
  ["appointments", forgetAppointments],
  ["content", forgetContentPerson],
  ["campaigns", forgetCampaignRecipient],
  ["crm", forgetCrmPerson],
  ["cart", forgetCart],
  ["migration", forgetMigratedPerson],
  ["notifications", forgetNotifications],
  ["power", forgetInstallationCustomer],
  ["payments", forgetPaymentPayloads],
  ["alerts", forgetAlertMentions],
  ["messaging", forgetRecipient],
  ["audit", forgetPersonInAudit],
  ["capabilities", forgetCapabilities],
  ["app devices and sync events", forgetApiDevices],
  ["account", forgetAccount],
];

export type TCompletedDeletion = { reference: string; outcome: Record<string, number>; forfeitedKobo: number };

/**
 * Staff complete a deletion (docs/product/privacy-requests.md#completing): refused while something holds it; otherwise,
 * in one transaction, the person is told by e-mail (to the address about to be erased), every part of the site forgets
 * them, and the request records who did it, when, and how many rows each part changed. Files go after the commit.
 */
export async function completeDeletion(staff: TViewer, requestId: number): Promise<TResult<TCompletedDeletion>> {
  if (!hasRoleLevel(staff.role, "staff")) return refuse("forbidden", "Only staff can complete deletion requests.");
  const afterCommit: (() => Promise<void>)[] = [];
  const result = await inTransaction(async (tx): Promise<TResult<TCompletedDeletion>> => {
    const open = await lockOpenDeletionRequest(tx, requestId);
    if (!open.ok) return open;
    const { request, reference } = open;
    const [person] = await tx.select().from(users).where(eq(users.id, request.userId)).for("update");
    if (!person) return refuse("not_found", "That request does not exist");
    if (person.id === staff.id) return refuse("forbidden", "Nobody completes their own deletion request.");
    const holds = await findErasureHolds(person.id, request.forfeitsZavchargeBalance, tx);
    if (holds.length) return refuse("conflict", `${reference} cannot be completed yet. ${holds.map((h) => h.reason).join(" ")}`);

    // Lists imported later leave the address out (docs/product/privacy-requests.md#never-again).
    await rememberErasedAddress(tx, person.email);
    const given = await customerDetailsOf(tx, person.id);
    const p: TPersonToForget = {
      userId: person.id,
      email: person.email,
      names: [...new Set([person.name, ...given.names])],
      phones: [...new Set([...(person.phone ? [person.phone] : []), ...given.phones])],
      erasedEmail: erasedEmailFor(person.id),
    };
    // The last e-mail they get, queued before their address is erased; its outbox copy is cleared once it has gone out.
    const noticeId = await enqueueEmail(
      tx,
      "privacy-deletion-completed",
      { email: person.email, name: person.name },
      deletionCompletedEmail({ name: person.name, reference }, publicUrl()),
    );
    const outcome: Record<string, number> = {};
    let forfeitedKobo = 0;
    for (const [part, forget] of STEPS) {
      const done = await forget(tx, p, [noticeId]);
      outcome[part] = done.rows;
      if (done.afterCommit) afterCommit.push(done.afterCommit);
      if ("forfeitedKobo" in done) forfeitedKobo = Number(done.forfeitedKobo);
    }
    await recordDeletionDecision(tx, staff, request.id, {
      status: "completed",
      columns: { outcome, noticeOutboxId: noticeId },
      action: "privacy.deletion.complete",
      audited: { rows: outcome, forfeitedZavchargeKobo: forfeitedKobo },
    });
    return succeed({ reference, outcome, forfeitedKobo });
  });
  if (result.ok)
    for (const remove of afterCommit)
      await remove().catch((error: unknown) =>
        log.warn({ err: error, requestId }, "privacy: a deleted person's file could not be removed"),
      );
  return result;
}
