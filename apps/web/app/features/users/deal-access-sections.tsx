import type { UserDetail } from "@aea/core/types";
import { CONFIRM_NO, CONFIRM_YES } from "@aea/domain";
import { Form, Link } from "react-router";
import { EmptyState, Section } from "../../components/staff/card";
import { buttonStyles } from "../../components/ui/button-styles";
import { ConfirmAction } from "../../components/ui/confirm-action";
import { SubmitButton } from "../../components/ui/submit-button";
import { formatDate } from "../../lib/dates";
import { useNavigationStatus } from "../../lib/forms/use-schema-form";

type ListingRef = UserDetail["privateDeals"][number];

const listStyles = "divide-y divide-navy-100 rounded-md border border-navy-100 text-sm";

/** Deals the account was let into, each with its revoke button. */
function GrantList({
  items,
  revokeIntent,
  what,
  name,
}: {
  items: ListingRef[];
  revokeIntent: string;
  what: string;
  name: string;
}) {
  const status = useNavigationStatus(revokeIntent);
  if (items.length === 0) return null;
  return (
    <ul className={listStyles}>
      {items.map((item) => (
        <li key={item.ListingId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <Link to={`/deals/${item.ListingId}`} className="font-medium text-navy-800 underline">
            #{item.ListingId} {item.Header}
          </Link>
          <ConfirmAction
            trigger={
              <>
                Revoke<span className="sr-only"> deal #{item.ListingId}</span>
              </>
            }
            triggerClassName={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
            title="Revoke access?"
            message={`${name} will no longer ${what}.`}
            confirmText={CONFIRM_YES}
            cancelText={CONFIRM_NO}
            fields={{ intent: revokeIntent, listingId: item.ListingId }}
            status={status}
          />
        </li>
      ))}
    </ul>
  );
}

/** Private listings the buyer may see, and a form to grant one more. */
export function PrivateDealsSection({
  detail,
  grantable,
  name,
}: {
  detail: UserDetail;
  grantable: ListingRef[];
  name: string;
}) {
  const status = useNavigationStatus();
  return (
    <Section id="private-title" title="Private deals" intro="Private listings this buyer may see.">
      {detail.privateDeals.length === 0 ? <EmptyState>No private deal granted.</EmptyState> : null}
      <GrantList
        items={detail.privateDeals}
        revokeIntent="revoke-private"
        what="see this private deal"
        name={name}
      />
      {grantable.length > 0 ? (
        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="grant-private" />
          <div className="min-w-0 flex-1">
            <label htmlFor="grant-private" className="mb-1 block font-medium text-navy-900 text-sm">
              Grant a private deal
            </label>
            <select
              id="grant-private"
              name="listingId"
              className="h-10 w-full rounded-md border border-navy-100 bg-white px-2"
            >
              {grantable.map((l) => (
                <option key={l.ListingId} value={l.ListingId}>
                  #{l.ListingId} {l.Header}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton status={status}>Grant</SubmitButton>
        </Form>
      ) : null}
    </Section>
  );
}

/** Data rooms the buyer was let into, and the confidentiality agreements they signed. */
export function DataRoomsSection({ detail, name }: { detail: UserDetail; name: string }) {
  return (
    <Section id="data-rooms-title" title="Data rooms" intro="Data rooms this buyer was let into.">
      {detail.dataRooms.length === 0 ? <EmptyState>No data-room access.</EmptyState> : null}
      <GrantList
        items={detail.dataRooms}
        revokeIntent="revoke-data-room"
        what="enter this deal's data room"
        name={name}
      />
      <h3 className="pt-2 font-semibold text-navy-900">Signed confidentiality agreements</h3>
      {detail.signedAgreements.length === 0 ? (
        <EmptyState>No agreement signed.</EmptyState>
      ) : (
        <ul className={listStyles}>
          {detail.signedAgreements.map((a) => (
            <li key={a.ListingId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span>
                <Link to={`/deals/${a.ListingId}`} className="font-medium text-navy-800 underline">
                  #{a.ListingId} {a.Header}
                </Link>
                <span className="block text-slate-650">
                  {a.signerName}
                  {a.company ? `, ${a.company}` : ""} · {formatDate(a.signedAt, "moment")}
                </span>
              </span>
              <a
                href={`/deals/${a.ListingId}/data-room/agreement.pdf?userId=${detail.account.id}`}
                className="font-medium text-navy-800 underline"
              >
                Signed PDF<span className="sr-only"> for deal #{a.ListingId}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
