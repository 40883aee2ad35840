import type { StaffUserAction } from "@aea/domain";
import type { StaffRequest } from "./staff-context.server";

type AccountAction = Exclude<StaffUserAction, { intent: "impersonate" }>;

/** What the page says after each button did its work. */
const notices = {
  "mark-verified": "The address was marked as verified.",
  "resend-verification": "A new verification link was mailed.",
  "send-reset-link": "A password-reset link was mailed.",
  disable: "The account was disabled and all its sessions ended.",
  enable: "The account was re-enabled.",
  "end-sessions": "All the account's sessions were ended.",
  "set-role": "The roles were changed.",
  "grant-private": "The private deal was granted.",
  "revoke-private": "The private deal was revoked.",
  "revoke-data-room": "Data-room access was revoked.",
} satisfies Record<Exclude<AccountAction["intent"], "require-password-reset">, string>;

const passwordResetNotice = (required: boolean) =>
  required
    ? "The password is marked for reset: at the next login the user is asked to choose a new one."
    : "The password reset mark was withdrawn.";

/** The one-button actions on a user's page: the account's state, its roles and its deal access. */
export async function runAccountAction({ app, staff, userId }: StaffRequest, button: AccountAction) {
  const { userChanges, dataRoomAccess } = app.core;
  const actor = { userId: staff.user.id, ipAddress: app.ipAddress };
  switch (button.intent) {
    case "mark-verified":
      await userChanges.markVerified(staff, userId);
      break;
    case "resend-verification":
      await userChanges.resendVerification(staff, userId);
      break;
    case "send-reset-link":
      await userChanges.sendResetLink(staff, userId);
      break;
    case "require-password-reset":
      await userChanges.requirePasswordReset(staff, userId, button.required);
      break;
    case "disable":
      await userChanges.disable(staff, userId);
      break;
    case "enable":
      await userChanges.enable(staff, userId);
      break;
    case "end-sessions":
      await userChanges.endSessions(staff, userId);
      break;
    case "set-role":
      await userChanges.setRole(staff, userId, button.role, button.granted);
      break;
    case "grant-private":
      await dataRoomAccess.grantPrivateDeal(actor, userId, button.listingId);
      break;
    case "revoke-private":
      await dataRoomAccess.revokePrivateDeal(actor, userId, button.listingId);
      break;
    case "revoke-data-room":
      await dataRoomAccess.revokeDataRoom(actor, userId, button.listingId);
      break;
  }
  const notice =
    button.intent === "require-password-reset"
      ? passwordResetNotice(button.required)
      : notices[button.intent];
  return { intent: button.intent, notice };
}
