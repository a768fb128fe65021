import type { TAccess } from "@domain/access/access";
import type { TCapability } from "@domain/access/roles";
import type { TFeature } from "@domain/settings/settings";

// The route table (docs/product/roles-and-access.md#route-table): every page, its module, and its access rule stated once.
// app/routes.ts builds the router from it and the access middleware enforces it; a test walks it.

export type TRouteEntry = {
  path: string;
  file: string;
  access: TAccess;
  feature?: TFeature;
  /** Page title and description; pages without one use home's (docs/product/site-shell.md#page-titles-and-seo). */
  title?: string;
  description?: string;
  noindex?: boolean;
  /** Resource routes (actions, APIs) are not pages: the walk test skips them. */
  resource?: boolean;
  /**
   * A public page that shows a signed-in visitor their own data in its HTML (a form filled in with their name, their
   * consultations): the page cache keeps it for anonymous visitors only (docs/product/site-shell.md#personal-parts).
   */
  personal?: true;
  /** What a write's body may be (app/http/request-input.server.ts): a submitted form (the default) or JSON. */
  body?: "form" | "json";
};

const PUBLIC: TAccess = { allow: "public" };
const SIGNED_IN: TAccess = { allow: "signed-in" };
const STAFF: TAccess = { allow: "role", role: "staff" };
const ADMIN: TAccess = { allow: "role", role: "admin" };
const DRIVER: TAccess = { allow: "driver" };
const cap = (capability: TCapability): TAccess => ({ allow: "capability", capability });

export const ROUTE_TABLE: TRouteEntry[] = [
  { path: "/", file: "routes/home.tsx", access: PUBLIC },
  {
    path: "/store",
    file: "routes/store/store.tsx",
    access: PUBLIC,
    title: "Solar & Smart Furniture Store",
    description: "Shop solar systems, panels, inverters, batteries, lighting and smart space-saving furniture, delivered across Nigeria.",
  },
  { path: "/store/:slug", file: "routes/store/product.tsx", access: PUBLIC, title: "Store" },
  {
    path: "/marketplace",
    file: "routes/marketplace/catalogue.tsx",
    access: PUBLIC,
    title: "Design Marketplace",
    description: "Handmade furniture and floor plans from independent Nigerian makers, designers and architects, checked by Zavolah.",
  },
  {
    path: "/academy",
    file: "routes/academy/catalogue.tsx",
    access: PUBLIC,
    title: "Zavolah Academy",
    description: "Practical courses in solar installation, smart furniture and sustainable building, taught by working engineers.",
  },
  { path: "/academy/enrol-free", file: "routes/academy/enrol-free.ts", access: SIGNED_IN, resource: true },
  { path: "/academy/:slug", file: "routes/academy/course.tsx", access: PUBLIC, title: "Academy" },
  { path: "/academy/:slug/learn", file: "routes/academy/learn.tsx", access: SIGNED_IN, noindex: true, title: "My course" },
  // Preview lessons are open to anyone; the loader checks the enrolment for the others.
  { path: "/academy/:slug/lessons/:lesson", file: "routes/academy/lesson.tsx", access: PUBLIC, noindex: true, title: "Lesson" },
  { path: "/academy/:slug/lessons/:lesson/complete", file: "routes/academy/complete-lesson.ts", access: SIGNED_IN, resource: true },
  { path: "/academy/:slug/lessons/:lesson/quiz", file: "routes/academy/quiz.ts", access: SIGNED_IN, resource: true },
  { path: "/academy/media/lessons/:lessonId/:rendition", file: "routes/academy/lesson-media.ts", access: PUBLIC, resource: true },
  { path: "/academy/media/resources/:resourceId", file: "routes/academy/lesson-resource.ts", access: PUBLIC, resource: true },
  {
    path: "/services",
    file: "routes/services.tsx",
    access: PUBLIC,
    personal: true,
    title: "Installation & Maintenance Services",
    description:
      "Solar installation and maintenance, smart furniture fitting and construction across Nigeria. Book a free consultation: we reply within 24 hours.",
  },
  {
    path: "/marketplace/buyer-dashboard",
    file: "routes/marketplace/buyer-dashboard.tsx",
    access: SIGNED_IN,
    noindex: true,
    title: "My marketplace purchases",
  },
  { path: "/marketplace/downloads/:token", file: "routes/marketplace/design-download.ts", access: SIGNED_IN, resource: true },
  // The loader lets only the buyer and the seller of the message's part see it (docs/product/marketplace.md#messages).
  { path: "/marketplace/messages/:messageId/photo/:size", file: "routes/marketplace/message-photo.ts", access: SIGNED_IN, resource: true },
  {
    path: "/marketplace/become-seller",
    file: "routes/marketplace/become-seller.tsx",
    access: SIGNED_IN,
    noindex: true,
    title: "Sell on the Marketplace",
  },
  { path: "/marketplace/check-bank-account", file: "routes/marketplace/check-bank-account.ts", access: SIGNED_IN, resource: true },
  {
    path: "/marketplace/sellers/:slug",
    file: "routes/marketplace/storefront.tsx",
    access: PUBLIC,
    personal: true,
    title: "Marketplace seller",
  },
  // After the fixed /marketplace/... pages: React Router ranks static segments first.
  { path: "/marketplace/:listing", file: "routes/marketplace/listing.tsx", access: PUBLIC, title: "Marketplace" },
  // Sellers' own listings: the loader checks the person has a store (sellers and architects alike).
  { path: "/seller/listings/new", file: "routes/seller/listing-form.tsx", access: SIGNED_IN, noindex: true, title: "New listing" },
  { path: "/seller/listings/:id", file: "routes/seller/listing-form.tsx", access: SIGNED_IN, noindex: true, title: "Edit listing" },
  { path: "/client-dashboard", file: "routes/client-dashboard.tsx", access: SIGNED_IN, noindex: true, title: "My Orders & Appointments" },
  { path: "/account/data-export", file: "routes/account-data-export.ts", access: SIGNED_IN, resource: true },
  {
    path: "/student/dashboard",
    file: "routes/academy/student-dashboard.tsx",
    access: SIGNED_IN,
    noindex: true,
    title: "Student Dashboard",
  },
  { path: "/seller/dashboard", file: "routes/seller/dashboard.tsx", access: cap("seller"), noindex: true, title: "Seller Dashboard" },
  {
    path: "/architect/dashboard",
    file: "routes/seller/architect-dashboard.tsx",
    access: cap("architect"),
    noindex: true,
    title: "Architect Dashboard",
  },
  // Investments (docs/product/investments.md): the public tiers page, the application, a tier's page to invest, the
  // investor's dashboard and agreements, staff review and the admin area.
  {
    path: "/invest",
    file: "routes/invest/invest.tsx",
    access: PUBLIC,
    feature: "investments",
    title: "Invest in Zavolah",
    description:
      "Invest in solar mini-grids and ZavCharge stations across Nigeria. See the tiers, the risks and how distributions are decided.",
  },
  {
    path: "/invest/apply",
    file: "routes/invest/apply.tsx",
    access: SIGNED_IN,
    feature: "investments",
    noindex: true,
    title: "Apply to invest",
  },
  {
    path: "/invest/tiers/:tierId",
    file: "routes/invest/tier.tsx",
    access: SIGNED_IN,
    feature: "investments",
    noindex: true,
    title: "Invest in a tier",
  },
  {
    path: "/investor-dashboard",
    file: "routes/invest/dashboard.tsx",
    access: cap("investor"),
    feature: "investments",
    noindex: true,
    title: "Investor Dashboard",
  },
  // The loader answers only the investor's own agreements (and staff), by reference.
  {
    path: "/investor-dashboard/agreements/:reference",
    file: "routes/invest/agreement.ts",
    access: SIGNED_IN,
    feature: "investments",
    resource: true,
  },
  // An investor's statement for a Lagos year, as CSV or PDF (?format=csv|pdf); only their own.
  {
    path: "/investor-dashboard/statements/:year",
    file: "routes/invest/statement.ts",
    access: cap("investor"),
    feature: "investments",
    resource: true,
  },
  { path: "/staff/investors", file: "routes/staff/investors.tsx", access: STAFF, noindex: true, title: "Investor applications" },
  { path: "/staff/investors/:applicationId/id-document", file: "routes/staff/investor-id-document.ts", access: STAFF, resource: true },
  { path: "/admin/investments", file: "routes/admin/investments.tsx", access: ADMIN, noindex: true, title: "Investments" },
  { path: "/admin/investments/export", file: "routes/admin/investments-export.ts", access: ADMIN, resource: true },
  { path: "/admin/payouts", file: "routes/admin/payouts.tsx", access: ADMIN, noindex: true, title: "Payouts" },
  { path: "/admin/referrals", file: "routes/admin/referrals.tsx", access: ADMIN, noindex: true, title: "Refer & Earn programme" },
  { path: "/admin/visits", file: "routes/admin/visits.tsx", access: ADMIN, noindex: true, title: "Visits" },
  { path: "/staff", file: "routes/staff.tsx", access: PUBLIC, noindex: true, title: "Staff Access" },
  { path: "/staff/crm", file: "routes/staff/crm/list.tsx", access: STAFF, noindex: true, title: "Customers" },
  { path: "/staff/crm/export", file: "routes/staff/crm/export.ts", access: STAFF, resource: true },
  { path: "/staff/crm/:id", file: "routes/staff/crm/record.tsx", access: STAFF, noindex: true, title: "Customer" },
  { path: "/staff/crm/imports", file: "routes/staff/crm/imports.tsx", access: STAFF, noindex: true, title: "Import customers" },
  { path: "/staff/crm/imports/:id", file: "routes/staff/crm/import.tsx", access: STAFF, noindex: true, title: "Import" },
  { path: "/staff/crm/imports/:id/progress", file: "routes/staff/crm/import-progress.ts", access: STAFF, resource: true },
  { path: "/staff/crm/imports/:id/report", file: "routes/staff/crm/import-report.ts", access: STAFF, resource: true },
  {
    path: "/zavcharge-product",
    file: "routes/zavcharge/product.tsx",
    access: PUBLIC,
    feature: "zavcharge",
    title: "ZavCharge Home Charger",
    description: "Solar-ready EV charging for homes, estates and businesses in Nigeria, installed by Zavolah.",
  },
  {
    path: "/zavcharge",
    file: "routes/zavcharge/network.tsx",
    access: PUBLIC,
    feature: "zavcharge",
    title: "ZavCharge Network",
    description: "Find a solar-powered EV charging station near you and charge with your ZavCharge balance.",
  },
  {
    path: "/zavcharge/stations/:slug",
    file: "routes/zavcharge/station.tsx",
    access: PUBLIC,
    feature: "zavcharge",
    title: "ZavCharge Station",
  },
  {
    path: "/staff/zavcharge/stations",
    file: "routes/staff/zavcharge-stations.tsx",
    access: STAFF,
    noindex: true,
    title: "ZavCharge Stations",
  },
  {
    path: "/staff/zavcharge/stations/:id",
    file: "routes/staff/zavcharge-station.tsx",
    access: STAFF,
    noindex: true,
    title: "Edit Station",
  },
  // ZavCharge accounts (docs/product/zavcharge.md#accounts): the dialog's forms post here; the dashboard opens to a
  // driver (a site account's ZavCharge account, or a PIN session).
  { path: "/zavcharge/sign-in", file: "routes/zavcharge/sign-in.ts", access: PUBLIC, feature: "zavcharge", resource: true },
  { path: "/zavcharge/register", file: "routes/zavcharge/register.ts", access: PUBLIC, feature: "zavcharge", resource: true },
  { path: "/zavcharge/pin-reset", file: "routes/zavcharge/pin-reset.ts", access: PUBLIC, feature: "zavcharge", resource: true },
  { path: "/zavcharge/sign-out", file: "routes/zavcharge/sign-out.ts", access: PUBLIC, feature: "zavcharge", resource: true },
  {
    path: "/zavcharge/join",
    file: "routes/zavcharge/join.tsx",
    access: SIGNED_IN,
    feature: "zavcharge",
    noindex: true,
    title: "Join ZavCharge",
  },
  { path: "/zavcharge/top-up", file: "routes/zavcharge/top-up.tsx", access: DRIVER, feature: "zavcharge", noindex: true, title: "Top up" },
  {
    path: "/zavcharge/renew",
    file: "routes/zavcharge/renew.tsx",
    access: DRIVER,
    feature: "zavcharge",
    noindex: true,
    title: "Renew plan",
  },
  {
    path: "/zavcharge/dashboard",
    file: "routes/zavcharge/dashboard.tsx",
    access: DRIVER,
    feature: "zavcharge",
    noindex: true,
    title: "My ZavCharge",
  },
  {
    path: "/refer-earn",
    file: "routes/referrals/refer-earn.tsx",
    access: PUBLIC,
    feature: "referEarn",
    title: "Refer & Earn",
    noindex: true,
  },
  {
    path: "/cart",
    file: "routes/cart/cart.tsx",
    access: PUBLIC,
    noindex: true,
    title: "Your Cart",
    description: "The solar and smart-furniture items in your cart, with delivery and checkout.",
  },
  // The link in an abandoned-cart reminder: signed-out visitors sign in first and come back to it.
  { path: "/cart/restore/:token", file: "routes/cart/restore.tsx", access: SIGNED_IN, noindex: true, title: "Your Saved Cart" },
  { path: "/checkout", file: "routes/orders/checkout.tsx", access: SIGNED_IN, noindex: true, title: "Checkout" },
  { path: "/payment-success", file: "routes/orders/payment-success.tsx", access: SIGNED_IN, noindex: true, title: "Your Order" },
  { path: "/account", file: "routes/account.tsx", access: SIGNED_IN, noindex: true, title: "My Account" },
  { path: "/admin/login", file: "routes/admin/login.tsx", access: PUBLIC, noindex: true, title: "Admin Sign In" },
  { path: "/admin/dashboard", file: "routes/admin/dashboard.tsx", access: ADMIN, noindex: true, title: "Admin Dashboard" },
  { path: "/admin/settings", file: "routes/admin/settings.tsx", access: ADMIN, noindex: true, title: "Admin Settings" },
  { path: "/admin/mailbox", file: "routes/admin/mailbox.tsx", access: ADMIN, noindex: true, title: "Local Mailbox" },
  { path: "/admin/outbox", file: "routes/admin/outbox.tsx", access: ADMIN, noindex: true, title: "Outbox" },
  { path: "/admin/email-templates", file: "routes/admin/email-templates.tsx", access: ADMIN, noindex: true, title: "E-mail Templates" },
  // The data migration (docs/product/data-migration.md): old systems' CSV exports, dry run, then a batched import.
  { path: "/admin/migration", file: "routes/admin/migration.tsx", access: ADMIN, noindex: true, title: "Data Migration" },
  { path: "/admin/migration/:id", file: "routes/admin/migration-run.tsx", access: ADMIN, noindex: true, title: "Data Migration Import" },
  { path: "/admin/migration/:id/progress", file: "routes/admin/migration-progress.ts", access: ADMIN, resource: true },
  { path: "/admin/migration/:id/report", file: "routes/admin/migration-report.ts", access: ADMIN, resource: true },
  // Power tracking (docs/product/power-tracking.md): the fleet of solar installations and each one live.
  { path: "/admin/power-tracking", file: "routes/admin/power-tracking.tsx", access: ADMIN, noindex: true, title: "Power Tracking" },
  {
    path: "/admin/power-tracking/:id",
    file: "routes/admin/power-installation.tsx",
    access: ADMIN,
    noindex: true,
    title: "Solar installation",
  },
  { path: "/auth/callback", file: "routes/auth/callback.tsx", access: PUBLIC, noindex: true, title: "Confirm your e-mail" },
  { path: "/reset-password", file: "routes/auth/reset-password.tsx", access: PUBLIC, noindex: true, title: "Choose a new password" },
  {
    path: "/about",
    file: "routes/content/about.tsx",
    access: PUBLIC,
    title: "About Zavolah",
    description: "We design homes, build smart furniture and install solar power across Nigeria, from offices in Osogbo, Ibadan and Lagos.",
  },
  {
    path: "/privacy-policy",
    file: "routes/content/privacy-policy.tsx",
    access: PUBLIC,
    title: "Privacy Policy",
    description: "How Zavolah collects, uses and protects your personal data under the Nigeria Data Protection Act 2023, and your rights.",
  },
  {
    path: "/contact",
    file: "routes/contact.tsx",
    access: PUBLIC,
    personal: true,
    title: "Contact Us",
    description:
      "Talk to Zavolah about solar systems, smart furniture, installations, the academy or partnerships. We reply within 24 hours.",
  },
  {
    path: "/blog",
    file: "routes/content/blog.tsx",
    access: PUBLIC,
    title: "Blog",
    description: "Solar power, smart furniture and sustainable building in Nigeria: guides and news from the Zavolah team.",
  },
  { path: "/blog/:slug", file: "routes/content/blog-post.tsx", access: PUBLIC, title: "Blog" },
  { path: "/newsletter/confirm", file: "routes/newsletter/confirm.tsx", access: PUBLIC, noindex: true, title: "Confirm your subscription" },
  { path: "/newsletter/unsubscribe", file: "routes/newsletter/unsubscribe.tsx", access: PUBLIC, noindex: true, title: "Unsubscribe" },
  { path: "/staff/appointments", file: "routes/staff/appointments.tsx", access: STAFF, noindex: true, title: "Service Appointments" },
  { path: "/admin/blog", file: "routes/admin/blog.tsx", access: STAFF, noindex: true, title: "Blog Posts" },
  { path: "/staff/orders", file: "routes/staff/orders.tsx", access: STAFF, noindex: true, title: "Orders" },
  { path: "/staff/orders/export", file: "routes/staff/orders-export.ts", access: STAFF, resource: true },
  { path: "/staff/orders/:id", file: "routes/staff/order.tsx", access: STAFF, noindex: true, title: "Order" },
  { path: "/staff/inventory", file: "routes/staff/inventory.tsx", access: STAFF, noindex: true, title: "Inventory" },
  // People's requests to delete their data (docs/product/privacy-requests.md#staff): staff and admins decide them.
  { path: "/staff/privacy-requests", file: "routes/staff/privacy-requests.tsx", access: STAFF, noindex: true, title: "Deletion Requests" },
  { path: "/staff/abandoned-carts", file: "routes/staff/abandoned-carts.tsx", access: STAFF, noindex: true, title: "Abandoned Carts" },
  { path: "/staff/campaigns", file: "routes/staff/campaigns.tsx", access: STAFF, noindex: true, title: "Campaigns" },
  { path: "/staff/campaigns/new", file: "routes/staff/campaign-new.tsx", access: STAFF, noindex: true, title: "New Campaign" },
  { path: "/staff/campaigns/:id", file: "routes/staff/campaign.tsx", access: STAFF, noindex: true, title: "Campaign" },
  { path: "/staff/academy", file: "routes/staff/academy.tsx", access: STAFF, noindex: true, title: "Academy Courses" },
  { path: "/staff/academy/courses/:id", file: "routes/staff/academy-course.tsx", access: STAFF, noindex: true, title: "Edit Course" },
  { path: "/admin/jobs", file: "routes/admin/jobs.tsx", access: ADMIN, noindex: true, title: "Scheduled Jobs" },
  { path: "/admin/errors", file: "routes/admin/errors.tsx", access: ADMIN, noindex: true, title: "Errors" },
  // Backups (docs/operations.md#backups): the last good one, the rotation, "Back up now" and each failure.
  { path: "/admin/backups", file: "routes/admin/backups.tsx", access: ADMIN, noindex: true, title: "Backups" },
  { path: "/admin/backups/:id/progress", file: "routes/admin/backups-progress.ts", access: ADMIN, resource: true },
  { path: "/admin/backups/:id/download", file: "routes/admin/backups-download.ts", access: ADMIN, resource: true },
  { path: "/admin/audit", file: "routes/admin/audit.tsx", access: ADMIN, noindex: true, title: "Audit Log" },
  { path: "/admin/users", file: "routes/admin/users.tsx", access: ADMIN, noindex: true, title: "Users" },
  { path: "/admin/audit/export", file: "routes/admin/audit-export.ts", access: ADMIN, resource: true },
  // Academy assignments: the page itself admits only the course's students (staff read-only).
  {
    path: "/academy/:slug/assignments/:assignmentId",
    file: "routes/academy/assignment.tsx",
    access: SIGNED_IN,
    noindex: true,
    title: "Assignment",
  },
  { path: "/staff/academy/grading", file: "routes/staff/academy-grading.tsx", access: STAFF, noindex: true, title: "Grading" },
  {
    path: "/offline",
    file: "routes/offline.tsx",
    access: PUBLIC,
    noindex: true,
    title: "You are offline",
    description: "Zavolah could not be reached. Check your connection and try again.",
  },
  {
    path: "/terms-of-service",
    file: "routes/content/terms-of-service.tsx",
    access: PUBLIC,
    title: "Terms of Service",
    description: "The terms for using the Zavolah site, store, marketplace, academy, ZavCharge and installation services.",
  },
  // ZavCharge: the staff's figures, attendants' sessions and subscribers; the driver's own history and statement.
  { path: "/staff/zavcharge", file: "routes/staff/zavcharge/index.tsx", access: STAFF, noindex: true, title: "ZavCharge" },
  { path: "/staff/referrals", file: "routes/staff/referrals.tsx", access: STAFF, noindex: true, title: "Flagged referrals" },
  {
    path: "/staff/marketplace/applications",
    file: "routes/staff/marketplace/applications.tsx",
    access: ADMIN,
    noindex: true,
    title: "Seller Applications",
  },
  {
    path: "/staff/marketplace/applications/:id",
    file: "routes/staff/marketplace/application.tsx",
    access: ADMIN,
    noindex: true,
    title: "Seller Application",
  },
  {
    path: "/staff/marketplace/listings",
    file: "routes/staff/marketplace/listings.tsx",
    access: STAFF,
    noindex: true,
    title: "Marketplace Listings",
  },
  {
    path: "/staff/marketplace/reviews",
    file: "routes/staff/marketplace/reviews.tsx",
    access: STAFF,
    noindex: true,
    title: "Marketplace Reviews",
  },
  {
    path: "/staff/marketplace/listings/:id",
    file: "routes/staff/marketplace/listing.tsx",
    access: STAFF,
    noindex: true,
    title: "Marketplace Listing",
  },
  {
    path: "/staff/marketplace/sellers",
    file: "routes/staff/marketplace/sellers.tsx",
    access: ADMIN,
    noindex: true,
    title: "Marketplace Sellers",
  },
  { path: "/staff/zavcharge/plans", file: "routes/staff/zavcharge/plans.tsx", access: ADMIN, noindex: true, title: "ZavCharge Plans" },
  {
    path: "/staff/zavcharge/chargers",
    file: "routes/staff/zavcharge/chargers.tsx",
    access: STAFF,
    noindex: true,
    title: "ZavCharge Chargers",
  },
  {
    path: "/staff/zavcharge/chargers/:id",
    file: "routes/staff/zavcharge/charger.tsx",
    access: STAFF,
    noindex: true,
    title: "ZavCharge Charger",
  },
  {
    path: "/staff/zavcharge/sessions",
    file: "routes/staff/zavcharge/sessions.tsx",
    access: STAFF,
    noindex: true,
    title: "Charging Sessions",
  },
  {
    path: "/staff/zavcharge/subscribers",
    file: "routes/staff/zavcharge/subscribers.tsx",
    access: STAFF,
    noindex: true,
    title: "ZavCharge Subscribers",
  },
  {
    path: "/staff/zavcharge/subscribers/:code",
    file: "routes/staff/zavcharge/subscriber.tsx",
    access: STAFF,
    noindex: true,
    title: "ZavCharge Subscriber",
  },
  {
    path: "/zavcharge/history",
    file: "routes/zavcharge/history.tsx",
    access: { allow: "driver" },
    feature: "zavcharge",
    noindex: true,
    title: "Charging History",
  },
  // Resource routes: forms post here; each action checks its own input.
  {
    path: "/verify",
    file: "routes/academy/verify.tsx",
    access: PUBLIC,
    noindex: true,
    title: "Verify a Certificate",
    description: "Check a Zavolah Academy certificate by its code: who earned it, for which course and when.",
  },
  {
    path: "/verify/:code",
    file: "routes/academy/verify-certificate.tsx",
    access: PUBLIC,
    noindex: true,
    title: "Certificate Verification",
  },
  {
    path: "/staff/academy/certificates",
    file: "routes/staff/academy/certificates.tsx",
    access: ADMIN,
    noindex: true,
    title: "Certificates",
  },
  { path: "/auth/sign-in", file: "routes/auth/sign-in.ts", access: PUBLIC, resource: true },
  { path: "/auth/sign-up", file: "routes/auth/sign-up.ts", access: PUBLIC, resource: true },
  { path: "/auth/forgot-password", file: "routes/auth/forgot-password.ts", access: PUBLIC, resource: true },
  { path: "/auth/sign-out", file: "routes/auth/sign-out.ts", access: PUBLIC, resource: true },
  { path: "/newsletter/subscribe", file: "routes/newsletter/subscribe.ts", access: PUBLIC, resource: true },
  { path: "/cart/add", file: "routes/cart/add.ts", access: PUBLIC, resource: true },
  { path: "/cart/update", file: "routes/cart/update.ts", access: PUBLIC, resource: true },
  { path: "/theme", file: "routes/theme.ts", access: PUBLIC, resource: true },
  { path: "/api/auth/*", file: "routes/api/auth.ts", access: PUBLIC, resource: true },
  { path: "/orders/:id/receipt.pdf", file: "routes/orders/receipt.ts", access: SIGNED_IN, resource: true },
  { path: "/certificates/:code/pdf", file: "routes/academy/certificate-pdf.ts", access: SIGNED_IN, resource: true },
  { path: "/academy/remind", file: "routes/academy/remind.ts", access: SIGNED_IN, resource: true },
  {
    path: "/zavcharge/statement.csv",
    file: "routes/zavcharge/statement-csv.ts",
    access: { allow: "driver" },
    feature: "zavcharge",
    resource: true,
  },
  {
    path: "/zavcharge/statement.pdf",
    file: "routes/zavcharge/statement-pdf.ts",
    access: { allow: "driver" },
    feature: "zavcharge",
    resource: true,
  },
  { path: "/sitemap.xml", file: "routes/seo/sitemap.ts", access: PUBLIC, resource: true },
  { path: "/robots.txt", file: "routes/seo/robots.ts", access: PUBLIC, resource: true },
  // Payments: providers call the webhooks (signature, no cookie); customers come back through the callbacks.
  { path: "/api/webhooks/:provider", file: "routes/api/payment-webhook.ts", access: PUBLIC, resource: true, body: "json" },
  { path: "/payment/callback/:provider", file: "routes/payment/callback.ts", access: PUBLIC, noindex: true, resource: true },
  { path: "/orders/:id/pay", file: "routes/orders/pay.ts", access: SIGNED_IN, resource: true },
  // In-app notifications (the bell) and the websocket's bearer tokens; /ws itself is served by server/realtime.
  { path: "/api/notifications", file: "routes/api/notifications.ts", access: SIGNED_IN, resource: true },
  { path: "/api/me", file: "routes/api/me.ts", access: PUBLIC, resource: true },
  { path: "/api/notifications/read", file: "routes/api/notifications-read.ts", access: SIGNED_IN, resource: true, body: "json" },
  { path: "/api/notifications/read-all", file: "routes/api/notifications-read-all.ts", access: SIGNED_IN, resource: true, body: "json" },
  {
    path: "/api/notifications/preferences",
    file: "routes/api/notification-preferences.ts",
    access: SIGNED_IN,
    resource: true,
    body: "json",
  },
  // Solar gateways' readings: the installation key authenticates (docs/product/power-tracking.md#readings).
  {
    path: "/api/power/installations/:id/readings",
    file: "routes/api/power-readings.ts",
    access: PUBLIC,
    resource: true,
    body: "json",
  },
  { path: "/api/realtime/token", file: "routes/api/realtime-token.ts", access: SIGNED_IN, resource: true },
  // An assignment's file, for its student and staff only.
  { path: "/academy/submissions/:submissionId/file", file: "routes/academy/submission-file.ts", access: SIGNED_IN, resource: true },
  // The campaign page polls this while it sends.
  { path: "/staff/campaigns/:id/progress", file: "routes/staff/campaign-progress.ts", access: STAFF, resource: true },
  // Everything else: a route of its own so the middleware and root loader run and the 404 keeps its frame.
  { path: "*", file: "routes/not-found.tsx", access: PUBLIC, noindex: true, resource: true },
];
