import { isAppError, type SessionUser, staffUserActionSchema } from "@aea/domain";
import { data } from "react-router";
import type { AppContext } from "../../app-context";
import { proveStepUp, stepUpNeedOf } from "../../lib/step-up";
import { runAccountAction } from "./account-intents.server";
import { changeEmail, saveProfile } from "./profile-intents.server";
import type { StaffRequest } from "./staff-context.server";
import { startViewingAs } from "./view-as.server";

/**
 * The forms of a user's staff page, each naming its `intent`: the two forms with fields go to the
 * profile module, "View as" to its own, every one-button action to the account module. A refusal
 * the core explains (an AppError) is shown on the page; a missing second factor asks for one.
 */
export async function userPageAction(app: AppContext, request: Request, admin: SessionUser, userId: number) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const sessionToken = app.core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
  const staffRequest: StaffRequest = { app, request, formData, userId, staff: { user: admin, sessionToken } };
  try {
    if (intent === "profile") return await saveProfile(staffRequest);
    if (intent === "change-email") return await changeEmail(staffRequest);

    const parsed = staffUserActionSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data({ intent, error: parsed.error.issues[0]?.message ?? "Unknown action." }, { status: 400 });
    const button = parsed.data;
    // View as and role changes ask for a fresh second factor (decision 024): a form that carries one
    // is checked first.
    if (button.intent === "impersonate" || button.intent === "set-role") {
      const stepUp = await proveStepUp(app.core, { userId: admin.id, sessionToken }, formData);
      if (stepUp) return data({ intent, stepUp }, { status: 403 });
    }
    if (button.intent === "impersonate") return await startViewingAs(staffRequest);
    return await runAccountAction(staffRequest, button);
  } catch (error) {
    const stepUp = stepUpNeedOf(error, formData);
    if (stepUp) return data({ intent, stepUp }, { status: 403 });
    if (!isAppError(error)) throw error;
    return data({ intent, error: error.message }, { status: error.status });
  }
}
