import type { Core } from "@aea/core/types";
import { INCORRECT_PASSWORD, isAppError, SECOND_FACTOR_MESSAGES, type StepUpNeed } from "@aea/domain";

const STEP_UP_FIELDS = new Set(["stepUpCode", "stepUpPassword"]);

/** The fields a sensitive step posted, without the step-up's own: the form posts them again. */
function carried(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && !STEP_UP_FIELDS.has(name)) fields[name] = value;
  }
  return fields;
}

/**
 * A sensitive step's form may carry a fresh second factor (or password): it is checked first, and a
 * refusal comes back as a step-up to show again with its message. Nothing else happens then.
 */
export async function proveStepUp(
  core: Core,
  actor: { userId: number; sessionToken: string | undefined },
  formData: FormData,
): Promise<StepUpNeed | undefined> {
  const code = formData.get("stepUpCode");
  const password = formData.get("stepUpPassword");
  if (typeof code !== "string" && typeof password !== "string") return undefined;
  const result = await core.secondFactor.stepUp(actor, {
    code: typeof code === "string" ? code : undefined,
    password: typeof password === "string" ? password : undefined,
  });
  if (result.status === "ok") return undefined;
  const error =
    result.status === "incorrect-password" ? INCORRECT_PASSWORD : SECOND_FACTOR_MESSAGES[result.status];
  return { kind: typeof code === "string" ? "code" : "password", fields: carried(formData), error };
}

/** Core's 403 for a step that needs a fresh check, as the step-up form to show (else undefined). */
export function stepUpNeedOf(error: unknown, formData: FormData): StepUpNeed | undefined {
  if (!isAppError(error)) return undefined;
  if (error.code === "SECOND_FACTOR_REQUIRED") return { kind: "code", fields: carried(formData) };
  if (error.code === "REAUTHENTICATE") return { kind: "password", fields: carried(formData) };
  return undefined;
}
