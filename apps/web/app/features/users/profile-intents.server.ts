import { emailChangeLinkSent, isAppError, profileSchema, staffEmailChangeSchema } from "@aea/domain";
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

/**
 * Where the form shows each refusal of core's email change, in core's words ("" above the form);
 * any other failure is not the form's to show.
 */
const emailChangeRefusalField: Partial<Record<string, string>> = {
  EMAIL_TAKEN: "newEmail",
  REAUTHENTICATE: "currentPassword",
  INCORRECT_PASSWORD: "currentPassword",
  ACCOUNT_LOCKED: "",
  NOT_FOUND: "",
};

/** Staff move a user to a new address: a link goes there, and the account moves when it is followed. */
export async function changeEmail({ app, staff, userId, formData }: StaffRequest) {
  const intent = "change-email";
  const submission = parseWithZod(formData, { schema: staffEmailChangeSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { newEmail, currentPassword } = submission.value;
  try {
    await app.core.emailChange.requestEmailChange(
      { userId: staff.user.id, sessionToken: staff.sessionToken },
      { userId, newEmail, currentPassword },
    );
  } catch (error) {
    const field = isAppError(error) ? emailChangeRefusalField[error.code] : undefined;
    if (field === undefined || !isAppError(error)) throw error;
    return data(
      {
        intent,
        result: submission.reply({
          fieldErrors: { [field]: [error.message] },
          hideFields: ["currentPassword"],
        }),
      },
      { status: 400 },
    );
  }
  return {
    intent,
    result: submission.reply({ resetForm: true }),
    notice: emailChangeLinkSent(newEmail).replace("Your email changes", "The account moves"),
  };
}
