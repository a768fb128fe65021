import { Link } from "react-router";
import type { Route } from "./+types/staff";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { hasRoleLevel } from "@domain/access/roles";
import { getViewerFrom } from "~/http/access.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff", args);

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewerFrom(context);
  return { isStaff: viewer ? hasRoleLevel(viewer.role, "staff") : false, signedIn: !!viewer };
}

/** The public staff access page: staff go on to the CRM; everyone else learns how to get an account. */
// The staff's other pages, after the CRM.
const STAFF_WORK = [
  ["/staff/orders", "Store orders"],
  ["/staff/inventory", "Inventory"],
  ["/staff/abandoned-carts", "Abandoned carts"],
  ["/staff/appointments", "Service appointments"],
  ["/staff/campaigns", "E-mail campaigns"],
  ["/staff/academy", "Academy courses"],
  ["/staff/zavcharge", "ZavCharge network"],
  ["/staff/marketplace/listings", "Marketplace listings"],
  ["/staff/privacy-requests", "Deletion requests"],
  ["/staff/referrals", "Flagged referrals"],
] as const;

export default function Staff({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <div className={cardClass}>
        <h1 className="text-3xl font-bold">Staff Access</h1>
        {loaderData.isStaff ? (
          <>
            <p className="mt-3 text-muted">
              Welcome back. The staff dashboard brings together the CRM tools, customer management, internal channels and training.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/staff/crm" className={buttonClass.primary}>
                Open the staff CRM
              </Link>
              {STAFF_WORK.map(([to, text]) => (
                <Link key={to} to={to} className={buttonClass.outline}>
                  {text}
                </Link>
              ))}
            </div>
          </>
        ) : (
          <>
            <p className="mt-3 text-muted">
              Zavolah team members sign in here. New colleagues register with the staff code an administrator gave them: choose "Staff
              member" on the register tab and enter the code.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              {!loaderData.signedIn ? (
                <>
                  <Link to="/staff?login=true&returnTo=%2Fstaff%2Fcrm" className={buttonClass.primary}>
                    Staff sign in
                  </Link>
                  <Link to="/staff?login=true&tab=register&returnTo=%2Fstaff%2Fcrm" className={buttonClass.outline}>
                    Register with a staff code
                  </Link>
                </>
              ) : (
                <p className="text-sm text-muted">
                  Your account is not a staff account. If you joined the team, ask an administrator for a staff code.
                </p>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
