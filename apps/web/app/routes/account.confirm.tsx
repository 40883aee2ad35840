import { hasSecondFactor, type RouteHandle, type StepUpNeed } from "@aea/domain";
import { data, redirect } from "react-router";
import { appContext } from "../app-context";
import { FormPage } from "../components/ui/form-card";
import { safeRedirectPath } from "../features/accounts/safe-redirect";
import { StepUpForm } from "../features/accounts/step-up-form";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import { proveStepUp } from "../lib/step-up";
import type { Route } from "./+types/account.confirm";

// A code or password is checked here: posts count against the account forms' per-address limit.
export const handle = { access: "signed-in", rateLimit: "account", searchBar: false } satisfies RouteHandle;

/**
 * "Confirm it is you" as a page of its own, for a sensitive step reached by a link (the user export):
 * a right code (or password) records a fresh check and goes back to `redirectTo`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const kind = hasSecondFactor(await core.secondFactor.factorsOf(user.id)) ? "code" : "password";
  return { need: { kind, fields: { redirectTo } } satisfies StepUpNeed };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const formData = await request.formData();
  const sessionToken = core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
  const refused = await proveStepUp(core, { userId: user.id, sessionToken }, formData);
  if (refused) return data({ need: refused }, { status: 403 });
  if (!formData.has("stepUpCode") && !formData.has("stepUpPassword"))
    return data(
      { need: { kind: "code", fields: {}, error: "Enter your code." } satisfies StepUpNeed },
      { status: 400 },
    );
  throw redirect(safeRedirectPath(String(formData.get("redirectTo") ?? "")));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Confirm it is you") },
  { name: "robots", content: "noindex" },
];

export default function ConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const status = useNavigationStatus();
  const need = actionData?.need ?? loaderData.need;
  return (
    <FormPage>
      <div className="mx-auto max-w-md">
        <h1 className="mb-4 font-bold text-2xl text-navy-900">Before you continue</h1>
        <StepUpForm
          need={{ ...need, fields: { ...loaderData.need.fields, ...need.fields } }}
          status={status}
        />
      </div>
    </FormPage>
  );
}
