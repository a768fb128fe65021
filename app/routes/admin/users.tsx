import { Form, useFetcher } from "react-router";
import type { Route } from "./+types/users";
import { ROLES, type TRole } from "@domain/access/roles";
import { parseUserListFilters, ZRoleChange } from "@domain/access/user-admin-input";
import { USERS_PAGE_SIZE } from "@domain/access/users-list";
import { parseThen } from "@domain/errors/app-error";
import { formatLagosDate } from "@domain/time/lagos-time";
import { changeUserRole } from "@server/auth/change-user-role";
import { listUsers } from "@server/users/list-users";
import { Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, StaffList } from "~/components/ui/staff-page";
import { buttonClass, inputClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// The users list (docs/product/roles-and-access.md#users-list): admins only, paged, role changes audited.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/users", args);

const ROLE_LABEL: Record<TRole, string> = { customer: "Customer", staff: "Staff", admin: "Admin" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireRole(context, request, "admin");
  const list = await listUsers(parseUserListFilters(new URL(request.url).searchParams));
  return { ...list, me: admin.id, rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await parseThen(ZRoleChange, fields, ["role"], (input) => changeUserRole(admin, input));
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.changed
        ? { type: "success", title: "Role changed", description: `${r.name} is now ${ROLE_LABEL[r.role].toLowerCase()}.` }
        : `${r.name} already had that role`,
    failedTitle: "Role not changed",
  });
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
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        Save<span className="sr-only"> role of {name}</span>
      </button>
    </fetcher.Form>
  );
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filters, me } = loaderData;
  const hrefFor = (p: number) =>
    `?${new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), ...(filters.role ? { role: filters.role } : {}), page: String(p) })}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Users</h1>
        <p className="mt-1 text-muted">Everyone with an account. Role changes apply at once and are recorded in the audit log.</p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find users">
        <Field label="Name or e-mail" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} />
        <div>
          <label htmlFor="role-filter" className="mb-1 block text-sm font-medium">
            Role
          </label>
          <select id="role-filter" name="role" defaultValue={filters.role ?? ""} className={inputClass}>
            <option value="">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.primary}>
          Find
        </button>
      </Form>
      <StaffList
        count={{
          total,
          first: (page - 1) * USERS_PAGE_SIZE + 1,
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
            </li>
          ))}
        </ul>
      </StaffList>
    </div>
  );
}
