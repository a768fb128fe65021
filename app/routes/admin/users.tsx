import { data, Form, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { ROLES, type TRole } from "@domain/access/roles";
import { parseUserListFilters, ZAdminGrantDecision, ZRoleChange } from "@domain/access/user-admin-input";
import { USERS_PAGE_SIZE } from "@domain/access/users-list";
import { parseThen } from "@domain/errors/app-error";
import { ZPairingCodeRequest } from "@domain/gateway/api-input";
import { formatPairingCode } from "@domain/gateway/device-pairing";
import { formatLagosDate, formatLagosTime } from "@domain/time/lagos-time";
import { changeUserRole, decideAdminGrant } from "@server/auth/change-user-role";
import { listWaitingPromotions } from "@server/auth/list-admin-grants";
import { createPairingCode } from "@server/gateway/create-pairing-code";
import { listUsers } from "@server/users/list-users";
import { Field, SearchField, SelectField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, StaffList } from "~/components/ui/staff-page";
import { buttonClass, inputClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse, refusalMessages } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// The users list (docs/product/roles-and-access.md#users-list): admins only, paged, role changes audited. An admin can
// also make a one-time code that pairs a device with someone's account (docs/product/api-gateway.md#arduino-devices),
// for an installer setting it up on site: shown once, on this page only. Making someone an administrator waits for a
// second administrator, who approves or rejects it here (docs/product/roles-and-access.md#administrators).

export const meta: Route.MetaFunction = (args) => metaFor("/admin/users", args);

const ROLE_LABEL: Record<TRole, string> = { customer: "Customer", staff: "Staff", admin: "Admin" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireRole(context, request, "admin");
  const [list, waiting] = await Promise.all([listUsers(parseUserListFilters(new URL(request.url).searchParams)), listWaitingPromotions()]);
  return {
    ...list,
    me: admin.id,
    rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    waiting: waiting.map((w) => ({ ...w, requestedAt: w.requestedAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  if (fields.intent === "pair-device") {
    const ownerId = fields.userId ?? "";
    const made = await parseThen(ZPairingCodeRequest, fields, ["deviceName"], (input) =>
      createPairingCode(admin, ownerId, input.deviceName),
    );
    if (!made.ok) return data({ pairing: null, userId: ownerId, ...refusalMessages(made) }, { status: made.error.status });
    return data({ pairing: { code: formatPairingCode(made.code), expiresAt: made.expiresAt.toISOString() }, userId: ownerId });
  }
  if (fields.intent === "decide-promotion") {
    const decided = await parseThen(ZAdminGrantDecision, fields, ["decision"], (input) => decideAdminGrant(admin, input));
    return actionResponse(request, fields, decided, {
      done: (r) =>
        r.approved
          ? { type: "success", title: "Promotion approved", description: `${r.name} is now an administrator.` }
          : { type: "success", title: "Promotion rejected", description: `${r.name} was not made an administrator.` },
      failedTitle: "Promotion not decided",
    });
  }
  const result = await parseThen(ZRoleChange, fields, ["role"], (input) => changeUserRole(admin, input));
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.awaitingApproval
        ? {
            type: "info",
            title: "Waiting for a second administrator",
            description: `Another administrator must approve making ${r.name} an administrator. Every administrator has been told.`,
          }
        : r.changed
          ? { type: "success", title: "Role changed", description: `${r.name} is now ${ROLE_LABEL[r.role].toLowerCase()}.` }
          : `${r.name} already had that role`,
    failedTitle: "Role not changed",
  });
}

/** The roles to choose from, by their names. */
function RoleOptions() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABEL[r]}
    </option>
  ));
}

function RoleForm({ userId, role, name }: { userId: string; role: TRole; name: string }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy } = useActionToast(fetcher, { errors: "toast" });
  return (
    <fetcher.Form method="post" className="flex items-end gap-2">
      <JsFlag />
      <input type="hidden" name="userId" value={userId} />
      <div>
        <label htmlFor={`role-${userId}`} className="sr-only">
          Role of {name}
        </label>
        <select id={`role-${userId}`} name="role" defaultValue={role} className={inputClass}>
          <RoleOptions />
        </select>
      </div>
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        Save<span className="sr-only"> role of {name}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * Approve or reject one waiting promotion; the admin who asked for it may only withdraw it. The fetcher is the page's:
 * once decided, the row leaves the list, and the answer's toast must outlive it.
 */
function PromotionForm({ id, name, mine, fetcher, busy }: { id: number; name: string; mine: boolean; fetcher: TFetcher; busy: boolean }) {
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <JsFlag />
      <input type="hidden" name="intent" value="decide-promotion" />
      <input type="hidden" name="grantId" value={id} />
      {mine ? null : (
        <button type="submit" name="decision" value="approve" className={buttonClass.primary} disabled={busy}>
          Approve<span className="sr-only"> making {name} an administrator</span>
        </button>
      )}
      <button type="submit" name="decision" value="reject" className={buttonClass.outline} disabled={busy}>
        {mine ? "Withdraw" : "Reject"}
        <span className="sr-only"> making {name} an administrator</span>
      </button>
    </fetcher.Form>
  );
}

type TFetcher = ReturnType<typeof useFetcher<TActionAnswer>>;

type TPairingAnswer = {
  userId: string;
  pairing: { code: string; expiresAt: string } | null;
  formError?: string;
  fieldErrors?: Record<string, string>;
};

/** "Pair a device" for one person: a name, then the code shown in place (with or without JavaScript). */
function PairDeviceForm({ userId, name, answer }: { userId: string; name: string; answer: TPairingAnswer | null }) {
  const busy = useNavigation().state !== "idle";
  const error = answer?.formError ?? answer?.fieldErrors?.deviceName;
  return (
    <details className="w-full text-sm" open={answer !== null}>
      <summary className="cursor-pointer text-brand">Pair a device for {name}</summary>
      {answer?.pairing ? (
        <p className="mt-2 rounded-lg border border-brand/40 bg-brand/5 p-3" role="status" data-testid="admin-pairing-code">
          Pairing code: <span className="font-mono text-lg font-bold tracking-widest">{answer.pairing.code}</span> · good until{" "}
          {formatLagosTime(answer.pairing.expiresAt)}, once.
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="pair-device" />
        <input type="hidden" name="userId" value={userId} />
        <Field label="Device name" name="deviceName" maxLength={80} required error={error} />
        <button type="submit" className={buttonClass.outline} disabled={busy}>
          Get a pairing code
        </button>
      </Form>
    </details>
  );
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filters, me, waiting } = loaderData;
  const promotion = useFetcher<TActionAnswer>();
  const { busy: deciding } = useActionToast(promotion, { errors: "toast" });
  const pairing = actionData && "userId" in actionData ? (actionData as TPairingAnswer) : null;
  const hrefFor = (p: number) =>
    `?${new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), ...(filters.role ? { role: filters.role } : {}), page: String(p) })}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Users</h1>
        <p className="mt-1 text-muted">
          Everyone with an account. Role changes apply at once and are recorded in the audit log; making someone an administrator waits for
          a second administrator.
        </p>
      </header>
      {waiting.length > 0 ? (
        <section id="promotions" aria-labelledby="promotions-heading" className="rounded-2xl border border-brand/40 bg-brand/5 p-4">
          <h2 id="promotions-heading" className="text-lg font-semibold">
            Waiting for a second administrator
          </h2>
          <ul className="mt-3 divide-y divide-line" data-testid="waiting-promotions">
            {waiting.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">Make {w.name} an administrator</p>
                  <p className="text-sm break-all text-muted">
                    {w.email} · asked by {w.requestedById === me ? "you" : (w.requestedByName ?? "a former administrator")} on{" "}
                    {formatLagosDate(w.requestedAt)}
                  </p>
                </div>
                {w.userId === me ? (
                  <p className="text-sm text-muted">Another administrator decides this.</p>
                ) : (
                  <PromotionForm id={w.id} name={w.name} mine={w.requestedById === me} fetcher={promotion} busy={deciding} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find users">
        <SearchField label="Name or e-mail" value={filters.q} maxLength={100} />
        <SelectField id="role-filter" label="Role" name="role" defaultValue={filters.role ?? ""} placeholder="All roles">
          <RoleOptions />
        </SelectField>
        <button type="submit" className={buttonClass.primary}>
          Find
        </button>
      </Form>
      <StaffList
        count={{
          total,
          pageSize: USERS_PAGE_SIZE,
          shown: rows.length,
          noun: "user",
          none: "Nobody matches.",
          testId: "user-count",
        }}
        empty={{ filtered: !!(filters.q || filters.role), clearTo: "/admin/users", text: "No accounts yet." }}
        pages={{ page, pageCount, hrefFor }}
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="user-rows">
          {rows.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  {u.name}
                  {u.id === me ? <span className="ml-2 text-sm font-normal text-muted">(you)</span> : null}
                </p>
                <p className="text-sm break-all">{u.email}</p>
                <p className="text-xs text-muted">
                  {ROLE_LABEL[u.role]}
                  {u.capabilities.length ? ` · ${u.capabilities.join(", ")}` : ""} · joined {formatLagosDate(u.createdAt)}
                  {u.emailVerified ? "" : " · e-mail not confirmed"}
                </p>
              </div>
              {u.id === me ? null : <RoleForm userId={u.id} role={u.role} name={u.name} />}
              <PairDeviceForm userId={u.id} name={u.name} answer={pairing?.userId === u.id ? pairing : null} />
            </li>
          ))}
        </ul>
      </StaffList>
    </div>
  );
}
