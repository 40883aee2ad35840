import {
  EMPTY_PRIVATE_EXTRAS,
  isAppError,
  LISTING_CREATED,
  LISTING_SAVED,
  type Listing,
  listingFormSchema,
  listingFormValues,
  type RouteHandle,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ExternalLink, Images } from "lucide-react";
import { useState } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { appContext } from "../app-context";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { useLoginDialog } from "../features/accounts/login-dialog";
import { LazyPinPicker } from "../features/deals/lazy-pin-picker";
import { ImageEditorDialog } from "../features/listings-admin/image-editor-dialog";
import { ListingForm } from "../features/listings-admin/listing-form";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.listings.$listingId";

/** "new", or a listing number; anything else is a missing page. */
function listingIdOf(param: string): number | null {
  if (param === "new") return null;
  if (!/^[1-9]\d{0,9}$/.test(param)) throw data(null, { status: 404 });
  return Number(param);
}

/** A new listing starts as an active public US deal. */
const NEW_LISTING: Record<string, unknown> = {
  version: null,
  status: "ACTIVE",
  locationId: 1,
  usa: true,
  IsActiveDeal: true,
  ...EMPTY_PRIVATE_EXTRAS,
};

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const listingId = listingIdOf(params.listingId);
  if (listingId === null) return { listing: null, values: NEW_LISTING, revision: "new", saved: null };
  const listing = await core.listings.findById(listingId);
  if (!listing) throw data(null, { status: 404 });
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    listing: pick(listing),
    values: listingFormValues(listing, await core.listings.privateDetails(listingId)),
    revision: listing.updatedDate ?? "stored",
    saved: saved === "created" ? LISTING_CREATED : saved ? LISTING_SAVED : null,
  };
}

function pick({ ListingId, Header, isPrivate, hasVDR }: Listing) {
  return { ListingId, Header, isPrivate, hasVDR };
}

// Staff pages are under /admin: no per-address limit class; never cached (they depend on the user).
export const handle = { access: "admin", searchBar: false } satisfies RouteHandle;

/** Creates or saves the listing; a taken number or a stale version is told on the form, nothing saved. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const staff = admittedUser(context);
  const { core, ipAddress } = context.get(appContext);
  const listingId = listingIdOf(params.listingId);
  const submission = parseWithZod(await request.formData(), { schema: listingFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    if (listingId === null) {
      const created = await core.listingEditing.create(staff, submission.value, ipAddress);
      return redirect(`/admin/listings/${created.ListingId}?saved=created`);
    }
    await core.listingEditing.update(staff, listingId, submission.value, ipAddress);
    return redirect(`/admin/listings/${listingId}?saved=1`);
  } catch (error) {
    if (!isAppError(error) || error.status !== 409) throw error;
    const reply =
      error.code === "LISTING_EXISTS"
        ? submission.reply({ fieldErrors: { ListingId: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
    return data(reply, { status: 409 });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(matches, loaderData?.listing ? `Edit #${loaderData.listing.ListingId}` : "New listing"),
  },
  { name: "robots", content: "noindex" },
];

export default function AdminListingEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, values, revision, saved } = loaderData;
  const [imagesOpen, setImagesOpen] = useState(false);
  const loginDialog = useLoginDialog();
  const revalidator = useRevalidator();
  return (
    <StaffPage
      title={listing ? `Edit listing #${listing.ListingId}` : "New listing"}
      intro={
        listing
          ? listing.Header
          : "Every field of a listing; the public site shows it as soon as it is saved."
      }
    >
      <div className="mb-5 flex flex-wrap gap-2">
        <Link to="/admin/listings" className={buttonStyles.secondary}>
          <ArrowLeft aria-hidden size={16} /> All listings
        </Link>
        {listing ? (
          <>
            <Link to={`/deals/${listing.ListingId}`} className={buttonStyles.secondary}>
              <ExternalLink aria-hidden size={16} /> Public page
            </Link>
            <button type="button" className={buttonStyles.secondary} onClick={() => setImagesOpen(true)}>
              <Images aria-hidden size={16} /> Images
            </button>
            {listing.isPrivate || listing.hasVDR ? (
              <>
                <Link to={`/deals/${listing.ListingId}/data-room/access`} className={buttonStyles.secondary}>
                  Data-room access
                </Link>
                <Link
                  to={`/deals/${listing.ListingId}/data-room/activity`}
                  className={buttonStyles.secondary}
                >
                  Data-room activity
                </Link>
              </>
            ) : null}
          </>
        ) : null}
      </div>
      {saved ? (
        <Alert tone="success" className="mb-5">
          {saved}
        </Alert>
      ) : null}
      <ListingForm
        key={revision}
        creating={!listing}
        defaultValue={values}
        revision={revision}
        lastResult={actionData}
        map={(formId, onMove) => <LazyPinPicker formId={formId} onMove={onMove} />}
      />
      {listing ? (
        <ImageEditorDialog
          listingId={listing.ListingId}
          open={imagesOpen}
          onOpenChange={setImagesOpen}
          onChanged={() => void revalidator.revalidate()}
          onUnauthorized={() => loginDialog?.open()}
        />
      ) : null}
    </StaffPage>
  );
}
