import {
  DEAL_ALERTS_SAVED,
  dealAlertPreferenceSchema,
  type Interests,
  interestsSchema,
  listingStatusName,
  PROFILE_FIELDS,
  type Profile,
  profileSchema,
  type RouteHandle,
  SERVER_ERROR,
  SNACKBAR_DURATION_MS,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ChevronRight, Heart, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { Snackbar } from "../components/ui/snackbar";
import { DealAlertsForm } from "../features/accounts/deal-alerts-form";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { InterestsForm } from "../features/accounts/interests-form";
import { ProfileForm } from "../features/accounts/profile-form";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/buyer.profile";

const SAVED = {
  profile: "Your profile has been saved.",
  interests: "Your interests have been saved.",
  "deal-alerts": DEAL_ALERTS_SAVED,
} as const;

type Intent = keyof typeof SAVED;

type ProfileActionData = {
  intent: Intent;
  status: "saved" | "refused";
  result: SubmissionResult<string[]>;
};

export const handle = { access: "signed-in" } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const [stored, interests, likedIds, dealAlerts] = await Promise.all([
    core.profiles.profile(user.id),
    core.profiles.interests(user.id),
    core.likes.likedListingIds(user.id),
    core.dealAlerts.frequency(user.id),
  ]);
  const profile: Profile =
    stored ??
    ({
      ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, ""])),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      companyName: user.officialCompanyName ?? "",
    } as Profile);
  const listings = await Promise.all(likedIds.map((id) => core.listings.findById(id)));
  const liked = listings
    .filter((l): l is NonNullable<typeof l> => l !== undefined && !l.isPrivate)
    .map((l) => ({
      id: l.ListingId,
      header: l.Header,
      location: l.location,
      code: l.PLSCode,
      status: listingStatusName(l),
    }));
  return { profile, interests, liked, dealAlerts };
}

/** The one action of the page's forms (told apart by `intent`), with or without JavaScript. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const form = await request.formData();
  const asked = form.get("intent");
  const intent: Intent = asked === "interests" || asked === "deal-alerts" ? asked : "profile";
  // The email is the login: it changes only through ChangeEmail, never from this form.
  if (intent === "profile") form.set("email", user.email);
  const submission =
    intent === "interests"
      ? parseWithZod(form, { schema: interestsSchema })
      : intent === "deal-alerts"
        ? parseWithZod(form, { schema: dealAlertPreferenceSchema })
        : parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success") {
    return data({ intent, status: "refused", result: submission.reply() } satisfies ProfileActionData, {
      status: 400,
    });
  }
  try {
    if (intent === "interests") await core.profiles.saveInterests(user, submission.value as Interests);
    else if (intent === "deal-alerts") {
      const { frequency } = submission.value as { frequency: "off" | "immediately" | "daily" };
      await core.dealAlerts.choose(user, frequency);
    } else await core.profiles.updateProfile(user, submission.value as Profile);
    return { intent, status: "saved", result: submission.reply() } satisfies ProfileActionData;
  } catch (error) {
    console.error(error);
    return data(
      {
        intent,
        status: "refused",
        result: submission.reply({ formErrors: [SERVER_ERROR] }),
      } satisfies ProfileActionData,
      { status: 500 },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Buyer Profile") },
  { name: "robots", content: "noindex" },
  FORM_PAGE_REFERRER,
];

const card = "rounded-card border border-navy-100 bg-white p-5 shadow-card sm:p-7";

export default function BuyerProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, interests, liked, dealAlerts } = loaderData;
  const result = actionData as ProfileActionData | undefined;
  const hydrated = useHydrated();
  const profileStatus = useNavigationStatus("profile");
  const interestsStatus = useNavigationStatus("interests");
  const dealAlertsStatus = useNavigationStatus("deal-alerts");
  const [snack, setSnack] = useState<string | null>(null);
  const [snacksShown, setSnacksShown] = useState(0);
  useEffect(() => {
    if (result?.status !== "saved") return;
    setSnack(SAVED[result.intent]);
    setSnacksShown((shown) => shown + 1);
  }, [result]);

  // Without JavaScript there is no snackbar: the confirmation stays on the page instead.
  const inline = (intent: Intent) =>
    result?.intent === intent && result.status === "saved" && !hydrated ? (
      <Alert tone="success">{SAVED[intent]}</Alert>
    ) : null;
  const lastResult = (intent: Intent) => (result?.intent === intent ? result.result : null);

  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50)_85%,white)]">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <header>
          <p className="font-semibold text-navy-600 text-sm uppercase tracking-[0.14em]">Buyer area</p>
          <h1 className="mt-1 font-bold text-3xl text-navy-900">Buyer Profile</h1>
          <p className="mt-2 max-w-prose text-slate-650">
            Keep your details and interests current, so we can bring you the deals that fit.
          </p>
        </header>

        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-6">
            <section aria-labelledby="profile-title" className={card}>
              <h2 id="profile-title" className="font-semibold text-navy-900 text-xl">
                Your details
              </h2>
              <div className="mt-1 mb-5">{inline("profile")}</div>
              <ProfileForm profile={profile} lastResult={lastResult("profile")} status={profileStatus} />
            </section>
            <section aria-labelledby="interests-title" className={card}>
              <h2 id="interests-title" className="font-semibold text-navy-900 text-xl">
                Your interests
              </h2>
              <p className="mt-1 mb-5 text-slate-650 text-sm">
                Choose at least one asset type and one region, and we will match you with deals.
              </p>
              <div className="mb-5 empty:hidden">{inline("interests")}</div>
              <InterestsForm
                interests={interests}
                lastResult={lastResult("interests")}
                status={interestsStatus}
              />
            </section>
            <section aria-labelledby="deal-alerts-title" className={card}>
              <h2 id="deal-alerts-title" className="font-semibold text-navy-900 text-xl">
                Deal alerts
              </h2>
              <p className="mt-1 mb-5 text-slate-650 text-sm">
                When a public deal that matches your interests comes on the market, we email it to you.
                Interests you leave blank do not narrow the deals; every email has an unsubscribe link.
              </p>
              <div className="mb-5 empty:hidden">{inline("deal-alerts")}</div>
              <DealAlertsForm
                frequency={dealAlerts}
                lastResult={lastResult("deal-alerts")}
                status={dealAlertsStatus}
              />
            </section>
          </div>

          <div className="space-y-6 lg:sticky lg:top-[calc(var(--spacing-header)+4.5rem)]">
            <section aria-labelledby="security-title" className={card}>
              <h2 id="security-title" className="flex items-center gap-2 font-semibold text-lg text-navy-900">
                <ShieldCheck aria-hidden size={18} className="text-amber-700" />
                Account security
              </h2>
              <p className="mt-2 text-slate-650 text-sm">
                Ask for a code from your phone after your password, so a stolen password alone cannot open
                your account.
              </p>
              <Link
                to="/account/security"
                className="mt-3 inline-block font-medium text-navy-700 text-sm underline underline-offset-2"
              >
                Two-step login and recovery codes
              </Link>
            </section>
            <aside aria-labelledby="liked-title" className={card}>
              <h2 id="liked-title" className="flex items-center gap-2 font-semibold text-lg text-navy-900">
                <Heart aria-hidden size={18} className="text-amber-700" />
                Deals you liked
              </h2>
              {liked.length === 0 ? (
                <p className="mt-3 text-slate-650 text-sm">
                  You have not liked any deals yet.{" "}
                  <Link to="/deals/public" className="font-medium text-navy-700 underline underline-offset-2">
                    Browse current assignments
                  </Link>
                  .
                </p>
              ) : (
                <ul className="mt-3 divide-y divide-navy-100">
                  {liked.map((deal) => (
                    <li key={deal.id}>
                      <Link
                        to={`/deals/${deal.id}`}
                        className="group flex items-center gap-3 py-3 text-sm hover:text-navy-700"
                      >
                        <span className="min-w-0 flex-1">
                          <span className="block font-semibold text-navy-900 group-hover:underline">
                            {deal.header}
                          </span>
                          <span className="block text-slate-650 text-xs">
                            #{deal.id} · {deal.code}
                            {deal.location ? ` · ${deal.location}` : ""} · {deal.status}
                          </span>
                        </span>
                        <ChevronRight aria-hidden size={16} className="shrink-0 text-slate-500" />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </aside>
          </div>
        </div>
      </div>
      <Snackbar
        open={snack !== null}
        onOpenChange={(open) => !open && setSnack(null)}
        durationMs={SNACKBAR_DURATION_MS}
        showCount={snacksShown}
      >
        {snack}
      </Snackbar>
    </div>
  );
}
