import type { UserDetail } from "@aea/core/types";
import { CONFIRM_NO, CONFIRM_YES } from "@aea/domain";
import { Section } from "../../components/staff/card";
import { ConfirmAction } from "../../components/ui/confirm-action";
import { useNavigationStatus } from "../../lib/forms/use-schema-form";

function RoleRow({
  label,
  flag,
  granted,
  note,
  locked,
  name,
}: {
  label: string;
  flag: "isAdmin" | "hasClaimAD";
  granted: boolean;
  note?: string;
  locked?: boolean;
  name: string;
}) {
  const status = useNavigationStatus("set-role");
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-navy-100 border-b pb-3 last:border-0">
      <div>
        <p className="font-medium text-navy-900">
          {label}: {granted ? "Yes" : "No"}
        </p>
        {note ? <p className="text-slate-650 text-sm">{note}</p> : null}
        {locked ? <p className="text-slate-650 text-sm">You cannot remove your own admin role.</p> : null}
      </div>
      {locked ? null : (
        <ConfirmAction
          trigger={
            <>
              {granted ? "Revoke" : "Grant"}
              <span className="sr-only"> {label}</span>
            </>
          }
          title={granted ? `Revoke ${label}?` : `Grant ${label}?`}
          message={granted ? `${name} will lose the ${label} role.` : `${name} will get the ${label} role.`}
          confirmText={CONFIRM_YES}
          cancelText={CONFIRM_NO}
          fields={{ intent: "set-role", role: flag, granted: String(!granted) }}
          status={status}
        />
      )}
    </div>
  );
}

/** The staff roles an account holds, each granted or revoked after a confirmation. */
export function RolesSection({ detail, name, me }: { detail: UserDetail; name: string; me: number }) {
  const { account } = detail;
  return (
    <Section
      id="roles-title"
      title="Roles"
      intro="Staff roles apply only to verified addresses. Management comes from the MANAGEMENT_EMAILS setting."
    >
      <RoleRow
        label="Administrator"
        flag="isAdmin"
        granted={account.isAdmin}
        note={
          account.isAdmin && !account.verified ? "Not in effect until the address is verified." : undefined
        }
        locked={account.id === me && account.isAdmin}
        name={name}
      />
      <RoleRow label="Claim (A&D claims)" flag="hasClaimAD" granted={account.hasClaimAD} name={name} />
    </Section>
  );
}
