import { isAppError, type RouteHandle } from "@aea/domain";
import { data, Link } from "react-router";
import { appContext } from "../app-context";
import { Section } from "../components/staff/card";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { ProfileForm } from "../features/accounts/profile-form";
import { StepUpForm } from "../features/accounts/step-up-form";
import { AccountActions } from "../features/users/account-actions";
import { DataRoomsSection, PrivateDealsSection } from "../features/users/deal-access-sections";
import { EmailChangeForm } from "../features/users/email-change-form";
import { InterestsSection } from "../features/users/interests-section";
import { RolesSection } from "../features/users/roles-section";
import { UserBadges } from "../features/users/user-badges";
import { ActivitySection, DataRoomActivitySection, SessionsSection } from "../features/users/user-history";
import { userPageAction } from "../features/users/user-page-action.server";
import type { UserPageOutcome } from "../features/users/user-page-outcome";
import { formatDate } from "../lib/dates";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.users.$userId";

export const handle = { access: "admin", searchBar: false } satisfies RouteHandle;

const notFound = () => data(null, { status: 404 });

function userIdOf(param: string | undefined): number {
  const userId = Number(param);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw notFound();
  return userId;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const userId = userIdOf(params.userId);
  try {
    const detail = await core.userDetail.detail({ user }, userId);
    const granted = new Set(detail.account.privateListingIds);
    const privateListings = (await core.listings.privateListings())
      .filter((l) => !granted.has(l.ListingId))
      .map((l) => ({ ListingId: l.ListingId, Header: l.Header }));
    return { detail, privateListings, me: user.id };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

/** Every form on the page posts here; `userPageAction` sends each intent to the module doing it. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const user = admittedUser(context);
  return userPageAction(context.get(appContext), request, user, userIdOf(params.userId));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const account = loaderData?.detail.account;
  const name = account ? [account.firstName, account.lastName].join(" ").trim() || account.email : "User";
  return [{ title: pageTitle(matches, `${name} · Users`) }, { name: "robots", content: "noindex" }];
};

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, privateListings, me } = loaderData;
  const { account, profile } = detail;
  const outcome = actionData as UserPageOutcome | undefined;
  const name = [account.firstName, account.lastName].join(" ").trim() || account.email;
  const status = useNavigationStatus();
  const resultFor = (intent: string) => (outcome?.intent === intent ? outcome.result : undefined);

  return (
    <StaffPage
      title={name}
      intro={
        <>
          <Link to="/admin/users" className="font-medium text-navy-800 underline">
            Users
          </Link>{" "}
          · <span className="break-all">{account.email}</span> · registered {formatDate(account.createdAt)} ·
          last login {account.lastLoginAt ? formatDate(account.lastLoginAt, "moment") : "never"}
        </>
      }
    >
      <UserBadges detail={detail} />

      {outcome?.stepUp ? (
        <div className="mb-4">
          <StepUpForm need={outcome.stepUp} status={status} />
        </div>
      ) : outcome?.error ? (
        <Alert tone="error" className="mb-4">
          {outcome.error}
        </Alert>
      ) : outcome?.notice ? (
        <Alert tone="success" className="mb-4">
          {outcome.notice}
        </Alert>
      ) : null}

      <AccountActions detail={detail} name={name} me={me} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="profile-title" title="Profile">
          <ProfileForm
            profile={profile}
            lastResult={resultFor("profile")}
            status={status}
            emailHint="Change it below: the new address must confirm by a mailed link."
          />
        </Section>

        <div className="space-y-6">
          <Section
            id="email-title"
            title="Change the email"
            intro="A link goes to the new address and a notice to the old one; the account moves only when the link is followed."
          >
            <EmailChangeForm lastResult={resultFor("change-email")} />
          </Section>
          <RolesSection detail={detail} name={name} me={me} />
          <InterestsSection detail={detail} />
        </div>

        <PrivateDealsSection detail={detail} grantable={privateListings} name={name} />
        <DataRoomsSection detail={detail} name={name} />
        <SessionsSection detail={detail} />
        <ActivitySection detail={detail} />
        <DataRoomActivitySection detail={detail} />
      </div>
    </StaffPage>
  );
}
