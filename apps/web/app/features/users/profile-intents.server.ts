import {
  ACCOUNT_LOCKED,
  EMAIL_ALREADY_REGISTERED,
  emailChangeLinkSent,
  INCORRECT_PASSWORD,
  profileSchema,
  REAUTHENTICATE,
  staffEmailChangeSchema,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { StaffRequest } from "./staff-context.server";

/** Staff save a user's profile (the address changes only by a mailed link: see `changeEmail`). */
export async function saveProfile({ app, staff, userId, formData }: StaffRequest) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success")
    return data({ intent: "profile", result: submission.reply() }, { status: 400 });
  const { email: _ignored, ...profile } = submission.value;
  await app.core.userChanges.updateProfile(staff, userId, profile);
  return { intent: "profile", result: submission.reply(), notice: "The profile was saved." };
}

const emailChangeRefusals = {
  "email-taken": { newEmail: [EMAIL_ALREADY_REGISTERED] },
  "no-such-user": { "": ["No such user."] },
  reauthenticate: { currentPassword: [REAUTHENTICATE] },
  "incorrect-password": { currentPassword: [INCORRECT_PASSWORD] },
  locked: { "": [ACCOUNT_LOCKED] },
} satisfies Record<string, Record<string, string[]>>;

/** Staff move a user to a new address: a link goes there, and the account moves when it is followed. */
export async function changeEmail({ app, staff, userId, formData }: StaffRequest) {
  const intent = "change-email";
  const submission = parseWithZod(formData, { schema: staffEmailChangeSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { newEmail, currentPassword } = submission.value;
  const outcome = await app.core.emailChange.requestEmailChange(
    { userId: staff.user.id, sessionToken: staff.sessionToken },
    { userId, newEmail, currentPassword },
  );
  if (outcome.status !== "link-sent")
    return data(
      {
        intent,
        result: submission.reply({
          fieldErrors: emailChangeRefusals[outcome.status],
          hideFields: ["currentPassword"],
        }),
      },
      { status: 400 },
    );
  return {
    intent,
    result: submission.reply({ resetForm: true }),
    notice: emailChangeLinkSent(newEmail).replace("Your email changes", "The account moves"),
  };
}
