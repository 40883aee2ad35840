import type { UserDetail } from "@aea/core/types";
import type { ReactNode } from "react";
import { formatDate } from "../../lib/dates";
import { accountRoles } from "./account-roles";

function Badge({ tone, children }: { tone: "positive" | "negative" | "neutral"; children: ReactNode }) {
  const tones = {
    positive: "border-positive/30 bg-positive/5 text-positive",
    negative: "border-negative/30 bg-negative/5 text-negative",
    neutral: "border-navy-100 bg-navy-50 text-navy-800",
  };
  return (
    <span className={`rounded-full border px-3 py-0.5 font-semibold text-sm ${tones[tone]}`}>{children}</span>
  );
}

/** The account's state and the roles in effect, at the top of its page. */
export function UserBadges({ detail }: { detail: UserDetail }) {
  const { account, effective } = detail;
  const disabled = account.disabledAt !== null;
  return (
    <div className="mb-4 flex flex-wrap gap-2">
      <Badge tone={disabled ? "negative" : account.verified ? "positive" : "neutral"}>
        {disabled
          ? `Disabled ${formatDate(account.disabledAt ?? "")}`
          : account.verified
            ? "Verified"
            : "Not verified"}
      </Badge>
      {account.passwordResetRequestedAt ? (
        <Badge tone="negative">
          Password reset required since {formatDate(account.passwordResetRequestedAt)}
        </Badge>
      ) : null}
      {accountRoles({ ...account, isManagement: effective.isManagement }).map((role) => (
        <Badge key={role} tone="neutral">
          {role}
        </Badge>
      ))}
    </div>
  );
}
