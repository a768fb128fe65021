import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/listing-form";
import { parseThen } from "@domain/errors/app-error";
import { formatFileSize } from "@domain/academy/academy";
import { koboToNairaInput } from "@domain/money/money";
import { LISTING_FORM_FIELDS, ZListingForm, ZRemovedIds } from "@domain/marketplace/listing-input";
import {
  DELIVERY_OPTION_LABEL,
  DELIVERY_OPTIONS,
  LISTING_CATEGORIES,
  LISTING_STATUS_LABEL,
  listingKindsFor,
  MAX_DESIGN_FILES,
  MAX_LISTING_PHOTOS,
  type TListingKind,
} from "@domain/marketplace/listings";
import { findSellerOf } from "@server/marketplace/find-seller-of";
import { getListingDetails } from "@server/marketplace/get-listing-details";
import { saveListing } from "@server/marketplace/save-listing";
import { boundField, Field, FormError, SelectField, TextareaField, WholeNumberField } from "~/components/ui/field";
import { Image } from "~/components/ui/image";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireUser } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { parseRequestInput, readFormData } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// A seller's listing form, new (/seller/listings/new?kind=design) or an edit (/seller/listings/<id>)
// (docs/product/marketplace.md#listings). A plain multipart form: it works without JavaScript.

const CATEGORY_OPTIONS = LISTING_CATEGORIES.map((c) => [c, c] as const);
const DELIVERY_CHOICES = DELIVERY_OPTIONS.map((d) => [d, DELIVERY_OPTION_LABEL[d]] as const);

const dashboardOf = (kind: "seller" | "architect") => (kind === "architect" ? "/architect/dashboard" : "/seller/dashboard");

async function requireSeller(context: Route.LoaderArgs["context"], request: Request) {
  const viewer = await requireUser(context, request);
  const seller = await findSellerOf(viewer.id);
  if (!seller) throw new Response("Only approved marketplace sellers can list.", { status: 403 });
  return { viewer, seller };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { seller } = await requireSeller(context, request);
  const kinds = listingKindsFor(seller.kind);
  const dashboard = dashboardOf(seller.kind);
  if (params.id === undefined) {
    const asked = new URL(request.url).searchParams.get("kind") as TListingKind | null;
    const kind: TListingKind = asked && kinds.includes(asked) ? asked : seller.kind === "architect" ? "design" : "product";
    return { dashboard, suspended: seller.status === "suspended", listing: null, kind, kinds };
  }
  const details = await getListingDetails(Number(params.id), seller.id);
  if (!details) throw new Response("Not found", { status: 404 });
  const { seller: _s, submittedAt: _a, updatedAt: _b, ...listing } = details;
  return { dashboard, suspended: seller.status === "suspended", listing, kind: listing.kind, kinds };
}

export const meta: Route.MetaFunction = (args) =>
  metaFor(args.params.id ? "/seller/listings/:id" : "/seller/listings/new", args, {
    title: args.data?.listing ? `Edit: ${args.data.listing.title}` : undefined,
  });

/** The photos and files ticked for removal fall back to none when unreadable (ZRemovedIds), so this is never said. */
const UNREADABLE_REMOVALS = "The photos or files to remove cannot be read.";
export async function action({ context, request, params }: Route.ActionArgs) {
  const { viewer, seller } = await requireSeller(context, request);
  const form = await readFormData(request);
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !key.startsWith("remove")) fields[key] = value;
  const files = (name: string) => form.getAll(name).filter((v): v is File => typeof v !== "string");
  const listingId = params.id === undefined ? null : Number(params.id);
  if (listingId !== null && !(Number.isSafeInteger(listingId) && listingId > 0)) throw new Response("Not found", { status: 404 });
  const result = await parseThen(ZListingForm, fields, LISTING_FORM_FIELDS, (parsed) =>
    saveListing(viewer, {
      listingId,
      form: parsed,
      photos: files("photos"),
      designFiles: files("designFiles"),
      removePhotoIds: parseRequestInput(request, ZRemovedIds, form.getAll("removePhoto"), UNREADABLE_REMOVALS),
      removeFileIds: parseRequestInput(request, ZRemovedIds, form.getAll("removeFile"), UNREADABLE_REMOVALS),
    }),
  );
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash(dashboardOf(seller.kind), {
    type: "success",
    title: listingId === null ? "Listing sent for review" : result.sentForReview ? "Saved and sent for review" : "Listing saved",
    description:
      result.status === "pending"
        ? "Our team checks it, usually within a working day, and e-mails you when it is live."
        : result.status === "published"
          ? "Buyers see the change now."
          : `It stays ${LISTING_STATUS_LABEL[result.status].toLowerCase()}.`,
  });
}

export default function ListingForm({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, kind, dashboard, suspended } = loaderData;
  const refused = formRefusalIn(actionData);
  const errors = refused?.error.fieldErrors ?? {};
  const values: Record<string, string> =
    refused?.values ??
    (listing
      ? {
          title: listing.title,
          description: listing.description,
          category: listing.category,
          price: koboToNairaInput(listing.priceKobo),
          stock: listing.stock === null ? "" : String(listing.stock),
          leadTimeDays: listing.leadTimeDays === null ? "" : String(listing.leadTimeDays),
          delivery: listing.delivery ?? "",
        }
      : {});
  const field = boundField(values, errors);
  const busy = useNavigation().state === "submitting";
  const isDesign = kind === "design";
  const what = isDesign ? "design" : "product";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <BackLink to={dashboard}>My listings</BackLink>
      <header>
        <h1 className="text-3xl font-bold break-words">{listing ? `Edit ${listing.title}` : `New ${what}`}</h1>
        {listing ? (
          <p className="mt-1 text-muted" data-testid="listing-state">
            {LISTING_STATUS_LABEL[listing.status]}
            {listing.status === "rejected" && listing.reviewNote ? `: ${listing.reviewNote}` : ""}
          </p>
        ) : (
          <p className="mt-1 text-muted">Our team checks every listing before buyers see it, usually within a working day.</p>
        )}
        {!listing && loaderData.kinds.length > 1 ? (
          <p className="mt-2 text-sm">
            {isDesign ? (
              <Link to="/seller/listings/new?kind=product" className="text-brand underline">
                List a product instead
              </Link>
            ) : (
              <Link to="/seller/listings/new?kind=design" className="text-brand underline">
                List a design to download instead
              </Link>
            )}
          </p>
        ) : null}
      </header>
      {suspended ? (
        <p className={`${cardClass} border-l-4 border-danger`} role="status">
          Your store is suspended: listings cannot be added or changed until it is restored.
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className={`${cardClass} space-y-5`} noValidate>
        <FormError message={refused && !refused.error.field ? refused.error.message : null} />
        <input type="hidden" name="kind" value={kind} />
        <Field
          label="Title"
          {...field("title")}
          required
          maxLength={100}
          hint="What it is, in a few words: Convertible sofa bed in iroko"
        />
        <TextareaField
          label="Description"
          {...field("description")}
          required
          rows={6}
          maxLength={3000}
          hint={isDesign ? "Rooms, plot size, floor area, what the files contain." : "Size, materials, colours, what is included."}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Category" {...field("category", "")} required placeholder="Choose a category" options={CATEGORY_OPTIONS} />
          <Field label="Price (₦)" {...field("price")} required inputMode="decimal" hint="e.g. 185,000" />
        </div>
        {isDesign ? null : (
          <div className="grid gap-4 sm:grid-cols-3">
            <WholeNumberField label="In stock" {...field("stock")} min={0} max={10000} required />
            <WholeNumberField label="Ready in (days)" {...field("leadTimeDays")} min={1} max={90} required />
            <SelectField label="Buyers get it by" {...field("delivery", "")} required placeholder="Choose" options={DELIVERY_CHOICES} />
          </div>
        )}
        <fieldset className="space-y-3">
          <legend className="font-semibold">Pictures buyers see</legend>
          {listing?.photos.length ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {listing.photos.map((p, i) => (
                <li key={p.id} className="space-y-1">
                  <Image
                    src={p.small}
                    alt={`Photo ${i + 1}`}
                    width={240}
                    height={180}
                    className="aspect-[4/3] w-full rounded-lg bg-surface-2 object-cover"
                  />
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <input type="checkbox" name="removePhoto" value={p.id} className="h-5 w-5" /> Remove photo {i + 1}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <Field
            label={isDesign ? (listing ? "Add preview images" : "Preview images") : listing ? "Add photos" : "Photos"}
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            error={errors.photos}
            hint={`JPEG, PNG or WebP, up to 5 MB each, at most ${MAX_LISTING_PHOTOS}. We resize them for phones.`}
          />
        </fieldset>
        {isDesign ? (
          <fieldset className="space-y-3">
            <legend className="font-semibold">Design files</legend>
            {listing?.files.length ? (
              <ul className="divide-y divide-line rounded-lg border border-line">
                {listing.files.map((f) => (
                  <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="break-all">
                      {f.fileName} ({formatFileSize(f.bytes)})
                    </span>
                    <label className="flex min-h-11 items-center gap-2">
                      <input type="checkbox" name="removeFile" value={f.id} className="h-5 w-5" /> Remove
                      <span className="sr-only"> {f.fileName}</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <Field
              label={listing ? "Add files" : "Files"}
              name="designFiles"
              type="file"
              multiple
              accept=".pdf,.zip,.png,.jpg,.jpeg,application/pdf,application/zip,image/png,image/jpeg"
              error={errors.designFiles}
              hint={`PDF, PNG, JPEG or ZIP, up to 20 MB each, at most ${MAX_DESIGN_FILES}. Only buyers can download them.`}
            />
          </fieldset>
        ) : null}
        {listing?.status === "published" ? (
          <p className="text-sm text-muted">A change of price, photos or files goes back to our team before buyers see it.</p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={busy || suspended}>
            {busy ? "Uploading…" : listing ? "Save changes" : "Send for review"}
          </button>
          <Link to={dashboard} className={buttonClass.outline}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
