import type { Route } from "./+types/architect-dashboard";
import { SellerDashboard } from "~/components/marketplace/seller-dashboard";
import { sellerDashboardAction, loadSellerDashboard } from "~/http/seller-dashboard.server";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/architect/dashboard", args);

export const loader = ({ context, request }: Route.LoaderArgs) => loadSellerDashboard(context, request);
export const action = ({ context, request }: Route.ActionArgs) => sellerDashboardAction(context, request);

export default function ArchitectDashboardPage({ loaderData }: Route.ComponentProps) {
  return <SellerDashboard data={loaderData} heading="Architect dashboard" />;
}
