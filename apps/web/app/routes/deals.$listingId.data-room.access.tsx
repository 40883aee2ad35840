import type { PendingAccessRequest } from "@aea/core/types";
import {
  buyerEmailSchema,
  changeAccessCodeSchema,
  displayName,
  isAppError,
  isPredictableAccessCode,
  isSold,
  NO_ACCOUNT_FOR_EMAIL,
  type RouteHandle,
  staffAccessButtonSchema,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { Check, RefreshCw, X } from "lucide-react";
import { data, Form, Link } from "react-router";
import { type AppContext, appContext } from "../app-context";
import { Section } from "../components/staff/card";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { SubmitButton } from "../components/ui/submit-button";
import {
  type AccessAnswer,
  type GrantRow,
  GrantsSection,
  OneFieldForm,
  Outcome,
  resultFor,
} from "../features/data-room/access-page-parts";
import { formatDate } from "../lib/dates";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deals.$listingId.data-room.access";

// Staff only, and never cached: who may enter a listing's data room is decided here.
export const handle = { access: "staff", searchBar: false } satisfies RouteHandle;

const notFound = () => data(null, { status: 404 });

/** The listing the URL names (staff only, by the handle), or the 404 of a listing that does not exist. */
async function staffListing({ core, user }: AppContext, listingIdParam: string | undefined) {
  const listingId = Number(listingIdParam);
  if (!user || !Number.isSafeInteger(listingId)) throw notFound();
  const listing = await core.listings.findById(listingId);
  if (!listing) throw notFound();
  return { listing, user };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { listing } = await staffListing(app, params.listingId);
  const { core } = app;
  const names = new Map<number, { name: string; email: string }>();
  const person = async (userId: number | null) => {
    if (userId === null) return undefined;
    if (!names.has(userId)) {
      const found = await core.accounts.findUser(userId);
      names.set(
        userId,
        found ? { name: displayName(found), email: found.email } : { name: "", email: "(account removed)" },
      );
    }
    return names.get(userId);
  };
  const rows = (
    grants: Array<{ userId: number; grantedAt: string; grantedBy: number | null; via?: string }>,
  ) =>
    Promise.all(
      grants.map(async (grant): Promise<GrantRow> => {
        const who = await person(grant.userId);
        const by = await person(grant.grantedBy);
        return {
          userId: grant.userId,
          name: who?.name ?? "",
          email: who?.email ?? "",
          grantedAt: grant.grantedAt,
          grantedBy: by ? by.name || by.email : null,
          via: grant.via,
        };
      }),
    );
  return {
    listing: {
      ListingId: listing.ListingId,
      Header: listing.Header,
      isPrivate: listing.isPrivate,
      hasVDR: listing.hasVDR,
      sold: isSold(listing),
    },
    privateGrants: listing.isPrivate
      ? await rows(await core.dataRoomAccess.privateDealGrants(listing.ListingId))
      : [],
    dataRoomGrants: listing.hasVDR
      ? await rows(await core.dataRoomAccess.dataRoomGrants(listing.ListingId))
      : [],
    accessCode: listing.hasVDR ? await core.accessCodes.accessCode(listing) : null,
    requests: listing.hasVDR ? await core.accessCodes.pendingRequests(listing.ListingId) : [],
  };
}

const emailForms = { "grant-private": buyerEmailSchema, "grant-data-room": buyerEmailSchema } as const;

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { listing, user } = await staffListing(app, params.listingId);
  const { core } = app;
  const actor = { userId: user.id, ipAddress: app.ipAddress };
  const listingId = listing.ListingId;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  try {
    if (intent === "grant-private" || intent === "grant-data-room") {
      const submission = parseWithZod(formData, { schema: emailForms[intent] });
      if (submission.status !== "success")
        return data({ intent, result: submission.reply() }, { status: 400 });
      const buyer = await core.accounts.findUserByEmail(submission.value.email);
      if (!buyer)
        return data(
          { intent, result: submission.reply({ fieldErrors: { email: [NO_ACCOUNT_FOR_EMAIL] } }) },
          { status: 400 },
        );
      if (intent === "grant-private") await core.dataRoomAccess.grantPrivateDeal(actor, buyer.id, listingId);
      else await core.dataRoomAccess.grantDataRoom(actor, buyer.id, listingId, "staff");
      return { intent, result: submission.reply({ resetForm: true }), notice: `${buyer.email} was let in.` };
    }
    if (intent === "change-code") {
      const submission = parseWithZod(formData, { schema: changeAccessCodeSchema });
      if (submission.status !== "success")
        return data({ intent, result: submission.reply() }, { status: 400 });
      await core.accessCodes.changeAccessCode(actor, listingId, submission.value.accessCode);
      return { intent, result: submission.reply(), notice: "The access code was changed." };
    }
    const parsed = staffAccessButtonSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data({ intent, error: parsed.error.issues[0]?.message ?? "Unknown action." }, { status: 400 });
    const button = parsed.data;
    if (button.intent === "revoke-private")
      await core.dataRoomAccess.revokePrivateDeal(actor, button.userId, listingId);
    else if (button.intent === "revoke-data-room")
      await core.dataRoomAccess.revokeDataRoom(actor, button.userId, listingId);
    else if (button.intent === "new-random-code") await core.accessCodes.drawNewAccessCode(actor, listingId);
    else await core.accessCodes.answerRequest(actor, listingId, button.requestId, button.answer);
    const notices = {
      "revoke-private": "Access to the private deal was revoked.",
      "revoke-data-room": "Data-room access was revoked.",
      "new-random-code": "A new random access code was drawn: the old one no longer works.",
      "answer-request":
        button.intent === "answer-request" && button.answer === "approved"
          ? "Approved: the buyer was let in and emailed the access code."
          : "Declined: the buyer was emailed a note.",
    };
    return { intent, notice: notices[button.intent] };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ intent, error: error.message }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(matches, loaderData ? `Buyer access · Deal #${loaderData.listing.ListingId}` : "Deal"),
  },
  { name: "robots", content: "noindex" },
];

export default function DataRoomAccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, privateGrants, dataRoomGrants, accessCode, requests } = loaderData;
  const answer = actionData as AccessAnswer | undefined;

  return (
    <StaffPage
      title="Buyer access"
      intro={
        <>
          <Link to={`/deals/${listing.ListingId}`} className="font-medium text-navy-800 underline">
            Deal #{listing.ListingId}: {listing.Header}
          </Link>
          {listing.sold ? " (sold: no new buyers)" : ""}
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        {listing.isPrivate ? <GrantsSection kind="private" grants={privateGrants} answer={answer} /> : null}

        {listing.hasVDR ? (
          <>
            <GrantsSection kind="data-room" grants={dataRoomGrants} answer={answer} open={!listing.sold} />

            <Section
              id="access-code-title"
              title="Access code"
              intro="Buyers type this code on the deal page to enter the data room, in any case and with or without spaces."
            >
              <Outcome answer={answer} intents={["change-code", "new-random-code"]} />
              <p className="text-navy-900">
                Current code:{" "}
                <code className="rounded bg-navy-50 px-2 py-1 font-semibold text-navy-900 tracking-wide">
                  {accessCode}
                </code>
              </p>
              {accessCode && isPredictableAccessCode(listing.ListingId, accessCode) ? (
                <Alert tone="error">
                  This is the demo's predictable code, DD-{listing.ListingId}: anyone who knows the deal
                  number can guess it. Draw a random code before real buyers use this data room.
                </Alert>
              ) : null}
              <NewRandomCodeButton />
              <OneFieldForm
                key={accessCode}
                intent="change-code"
                schema={changeAccessCodeSchema}
                name="accessCode"
                label="New access code"
                kind="text"
                submit="Change code"
                lastResult={resultFor(answer, "change-code")}
              />
            </Section>

            <Section
              id="requests-title"
              title="Access requests"
              intro="Buyers asking for the access code. Approving lets them in and emails them the code; declining emails a polite note."
            >
              <Outcome answer={answer} intents={["answer-request"]} />
              <RequestList requests={requests} />
            </Section>
          </>
        ) : (
          <Alert tone="info">This deal has no data room, so it has no access code or requests.</Alert>
        )}
      </div>
    </StaffPage>
  );
}

/** Replaces the code with a new random one (the old one stops working at once). */
function NewRandomCodeButton() {
  const status = useNavigationStatus("new-random-code");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="new-random-code" />
      <SubmitButton look="secondary" status={status} icon={<RefreshCw aria-hidden size={16} />}>
        Draw a new random code
      </SubmitButton>
    </Form>
  );
}

function RequestList({ requests }: { requests: PendingAccessRequest[] }) {
  const status = useNavigationStatus("answer-request");
  if (requests.length === 0) return <p className="text-slate-650 text-sm italic">No requests are waiting.</p>;
  return (
    <ul className="divide-y divide-navy-100 rounded-md border border-navy-100">
      {requests.map((request) => (
        <li key={request.id} className="space-y-2 px-4 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium text-navy-900">
              {request.name || request.email}{" "}
              <span className="break-all font-normal text-slate-650 text-sm">{request.email}</span>
            </p>
            <p className="text-slate-650 text-sm">Asked {formatDate(request.requestedAt)}</p>
          </div>
          {request.message ? (
            <p className="whitespace-pre-line text-navy-900 text-sm">“{request.message}”</p>
          ) : null}
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="answer-request" />
            <input type="hidden" name="requestId" value={request.id} />
            <SubmitButton
              status={status}
              name="answer"
              value="approved"
              icon={<Check aria-hidden size={16} />}
            >
              Approve<span className="sr-only"> {request.email}</span>
            </SubmitButton>
            <SubmitButton
              look="secondary"
              status={status}
              name="answer"
              value="declined"
              icon={<X aria-hidden size={16} />}
            >
              Decline<span className="sr-only"> {request.email}</span>
            </SubmitButton>
          </Form>
        </li>
      ))}
    </ul>
  );
}
