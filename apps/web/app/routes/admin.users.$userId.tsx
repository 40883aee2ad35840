import {
  ACCOUNT_LOCKED,
  ASSET_TYPES,
  buyerAssetKey,
  CONFIRM_NO,
  CONFIRM_OK,
  CONFIRM_YES,
  EMAIL_ALREADY_REGISTERED,
  emailChangeLinkSent,
  INCORRECT_PASSWORD,
  isAppError,
  PRODUCTION_INTERESTS,
  profileSchema,
  REAUTHENTICATE,
  type RouteHandle,
  type StepUpNeed,
  sellerAssetKey,
  staffEmailChangeSchema,
  staffUserActionSchema,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Ban, Eye, KeyRound, LogOut, MailCheck, RotateCcw, ShieldCheck } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { ConfirmAction } from "../components/ui/confirm-action";
import { SubmitButton } from "../components/ui/submit-button";
import { ProfileForm } from "../features/accounts/profile-form";
import { StepUpForm } from "../features/accounts/step-up-form";
import { AdminPage } from "../features/admin/admin-page";
import {
  accountRoles,
  Empty,
  formatDay,
  formatMoment,
  UserSection,
} from "../features/admin/user-admin-parts";
import { EmailInputField, FormErrors, PasswordInputField } from "../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../lib/forms/use-schema-form";
import { requireAdmin } from "../lib/guards";
import { pageTitle } from "../lib/site";
import { proveStepUp, stepUpNeedOf } from "../lib/step-up";
import type { Route } from "./+types/admin.users.$userId";

export const handle = { searchBar: false } satisfies RouteHandle;

const notFound = () => data(null, { status: 404 });

function userIdOf(param: string | undefined): number {
  const userId = Number(param);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw notFound();
  return userId;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = requireAdmin(context, request);
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
} as const;

export async function action({ context, params, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const app = context.get(appContext);
  const { core } = app;
  const userId = userIdOf(params.userId);
  const sessionToken = core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
  const staff = { user, sessionToken };
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  try {
    if (intent === "profile") {
      const submission = parseWithZod(formData, { schema: profileSchema });
      if (submission.status !== "success")
        return data({ intent, result: submission.reply() }, { status: 400 });
      const { email: _ignored, ...profile } = submission.value;
      await core.userChanges.updateProfile(staff, userId, profile);
      return { intent, result: submission.reply(), notice: "The profile was saved." };
    }
    if (intent === "change-email") {
      const submission = parseWithZod(formData, { schema: staffEmailChangeSchema });
      if (submission.status !== "success")
        return data({ intent, result: submission.reply() }, { status: 400 });
      const { newEmail, currentPassword } = submission.value;
      const outcome = await core.emailChange.requestEmailChange(
        { userId: user.id, sessionToken },
        { userId, newEmail, currentPassword },
      );
      const refusals = {
        "email-taken": { newEmail: [EMAIL_ALREADY_REGISTERED] },
        "no-such-user": { "": ["No such user."] },
        reauthenticate: { currentPassword: [REAUTHENTICATE] },
        "incorrect-password": { currentPassword: [INCORRECT_PASSWORD] },
        locked: { "": [ACCOUNT_LOCKED] },
      } satisfies Record<string, Record<string, string[]>>;
      if (outcome.status !== "link-sent")
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: refusals[outcome.status],
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

    const parsed = staffUserActionSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data({ intent, error: parsed.error.issues[0]?.message ?? "Unknown action." }, { status: 400 });
    const button = parsed.data;
    // View as and role changes ask for a fresh second factor (decision 024): a form that carries one
    // is checked first.
    if (button.intent === "impersonate" || button.intent === "set-role") {
      const stepUp = await proveStepUp(core, { userId: user.id, sessionToken }, formData);
      if (stepUp) return data({ intent, stepUp }, { status: 403 });
    }
    const actor = { userId: user.id, ipAddress: app.ipAddress };
    switch (button.intent) {
      case "impersonate": {
        const staffToken = core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
        if (!staffToken) throw redirect("/login");
        const token = await core.impersonation.start(staff, userId, staffToken);
        const headers = new Headers();
        for (const cookie of core.impersonation.cookieHeaders(token, staffToken))
          headers.append("set-cookie", cookie);
        return redirect("/home", { headers });
      }
      case "mark-verified":
        await core.userChanges.markVerified(staff, userId);
        break;
      case "resend-verification":
        await core.userChanges.resendVerification(staff, userId);
        break;
      case "send-reset-link":
        await core.userChanges.sendResetLink(staff, userId);
        break;
      case "disable":
        await core.userChanges.disable(staff, userId);
        break;
      case "enable":
        await core.userChanges.enable(staff, userId);
        break;
      case "end-sessions":
        await core.userChanges.endSessions(staff, userId);
        break;
      case "set-role":
        await core.userChanges.setRole(staff, userId, button.role, button.granted);
        break;
      case "grant-private":
        await core.dataRoomAccess.grantPrivateDeal(actor, userId, button.listingId);
        break;
      case "revoke-private":
        await core.dataRoomAccess.revokePrivateDeal(actor, userId, button.listingId);
        break;
      case "revoke-data-room":
        await core.dataRoomAccess.revokeDataRoom(actor, userId, button.listingId);
        break;
    }
    return { intent, notice: notices[button.intent] };
  } catch (error) {
    const stepUp = stepUpNeedOf(error, formData);
    if (stepUp) return data({ intent, stepUp }, { status: 403 });
    if (!isAppError(error)) throw error;
    return data({ intent, error: error.message }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const account = loaderData?.detail.account;
  const name = account ? [account.firstName, account.lastName].join(" ").trim() || account.email : "User";
  return [{ title: pageTitle(matches, `${name} · Users`) }, { name: "robots", content: "noindex" }];
};

type Outcome = {
  intent: string;
  notice?: string;
  error?: string;
  result?: SubmissionResult<string[]>;
  stepUp?: StepUpNeed;
};

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, privateListings, me } = loaderData;
  const { account, effective, profile, interests } = detail;
  const outcome = actionData as Outcome | undefined;
  const name = [account.firstName, account.lastName].join(" ").trim() || account.email;
  const status = useNavigationStatus();
  const disabled = account.disabledAt !== null;
  const viewable = !account.isAdmin && !disabled && account.id !== me;
  const buyerInterests = ASSET_TYPES.filter((t) => interests[buyerAssetKey(t.key)]).map((t) => t.label);
  const sellerInterests = ASSET_TYPES.filter((t) => interests[sellerAssetKey(t.key)]).map((t) => t.label);
  const production = PRODUCTION_INTERESTS.filter((p) => interests[p.key]).map((p) => p.label);
  const resultFor = (intent: string) => (outcome?.intent === intent ? outcome.result : undefined);

  return (
    <AdminPage
      title={name}
      intro={
        <>
          <Link to="/admin/users" className="font-medium text-navy-800 underline">
            Users
          </Link>{" "}
          · <span className="break-all">{account.email}</span> · registered {formatDay(account.createdAt)} ·
          last login {account.lastLoginAt ? formatMoment(account.lastLoginAt) : "never"}
        </>
      }
    >
      <div className="mb-4 flex flex-wrap gap-2">
        <Badge tone={disabled ? "negative" : account.verified ? "positive" : "neutral"}>
          {disabled
            ? `Disabled ${formatDay(account.disabledAt ?? "")}`
            : account.verified
              ? "Verified"
              : "Not verified"}
        </Badge>
        {accountRoles({ ...account, isManagement: effective.isManagement }).map((role) => (
          <Badge key={role} tone="neutral">
            {role}
          </Badge>
        ))}
      </div>

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

      <UserSection id="actions-title" title="Account actions" className="mb-6">
        <div className="flex flex-wrap gap-2">
          {viewable ? (
            <Form method="post">
              <input type="hidden" name="intent" value="impersonate" />
              <SubmitButton status={status} icon={<Eye aria-hidden size={16} />}>
                View as {account.firstName || "buyer"}
              </SubmitButton>
            </Form>
          ) : null}
          {account.verified ? null : (
            <>
              <ButtonForm intent="mark-verified" icon={<MailCheck aria-hidden size={16} />}>
                Mark verified
              </ButtonForm>
              <ButtonForm intent="resend-verification" icon={<RotateCcw aria-hidden size={16} />}>
                Resend verification
              </ButtonForm>
            </>
          )}
          <ButtonForm intent="send-reset-link" icon={<KeyRound aria-hidden size={16} />}>
            Send reset link
          </ButtonForm>
          <ConfirmAction
            trigger={
              <>
                <LogOut aria-hidden size={16} /> End all sessions
              </>
            }
            title="End all sessions?"
            message={`${name} will be logged out on every device.`}
            confirmText={CONFIRM_OK}
            cancelText="Cancel"
            fields={{ intent: "end-sessions" }}
            status={status}
          />
          {account.id === me ? null : disabled ? (
            <ButtonForm intent="enable" icon={<ShieldCheck aria-hidden size={16} />}>
              Re-enable account
            </ButtonForm>
          ) : (
            <ConfirmAction
              trigger={
                <>
                  <Ban aria-hidden size={16} /> Disable account
                </>
              }
              triggerClassName={`${buttonStyles.secondary} text-negative`}
              title="Disable this account?"
              message={`${name} will be logged out everywhere and cannot log in until the account is re-enabled.`}
              confirmText={CONFIRM_YES}
              cancelText={CONFIRM_NO}
              fields={{ intent: "disable" }}
              status={status}
            />
          )}
        </div>
        {account.isAdmin ? (
          <p className="text-slate-650 text-sm">Administrators cannot be viewed as: only buyers can.</p>
        ) : null}
      </UserSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <UserSection id="profile-title" title="Profile">
          <ProfileForm
            profile={profile}
            lastResult={resultFor("profile")}
            status={status}
            emailHint="Change it below: the new address must confirm by a mailed link."
          />
        </UserSection>

        <div className="space-y-6">
          <UserSection
            id="email-title"
            title="Change the email"
            intro="A link goes to the new address and a notice to the old one; the account moves only when the link is followed."
          >
            <EmailChangeForm lastResult={resultFor("change-email")} />
          </UserSection>

          <UserSection
            id="roles-title"
            title="Roles"
            intro="Staff roles apply only to verified addresses. Management comes from the MANAGEMENT_EMAILS setting."
          >
            <RoleRow
              label="Administrator"
              flag="isAdmin"
              granted={account.isAdmin}
              note={
                account.isAdmin && !account.verified
                  ? "Not in effect until the address is verified."
                  : undefined
              }
              locked={account.id === me && account.isAdmin}
              name={name}
            />
            <RoleRow label="Claim (A&D claims)" flag="hasClaimAD" granted={account.hasClaimAD} name={name} />
          </UserSection>

          <UserSection id="interests-title" title="Interests">
            <dl className="grid gap-2 text-sm">
              <Fact term="Buys">{buyerInterests.join(", ") || "None chosen"}</Fact>
              <Fact term="Sells">{sellerInterests.join(", ") || "None chosen"}</Fact>
              <Fact term="Production">{production.join(", ") || "None chosen"}</Fact>
              <Fact term="Regions">{interests.selectedRegions.join(", ") || "None chosen"}</Fact>
            </dl>
          </UserSection>
        </div>

        <UserSection id="private-title" title="Private deals" intro="Private listings this buyer may see.">
          {detail.privateDeals.length === 0 ? <Empty>No private deal granted.</Empty> : null}
          <ListingList
            items={detail.privateDeals}
            revokeIntent="revoke-private"
            what="see this private deal"
            name={name}
          />
          {privateListings.length > 0 ? (
            <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <input type="hidden" name="intent" value="grant-private" />
              <div className="min-w-0 flex-1">
                <label htmlFor="grant-private" className="mb-1 block font-medium text-navy-900 text-sm">
                  Grant a private deal
                </label>
                <select
                  id="grant-private"
                  name="listingId"
                  className="h-10 w-full rounded-md border border-navy-100 bg-white px-2"
                >
                  {privateListings.map((l) => (
                    <option key={l.ListingId} value={l.ListingId}>
                      #{l.ListingId} {l.Header}
                    </option>
                  ))}
                </select>
              </div>
              <SubmitButton status={status}>Grant</SubmitButton>
            </Form>
          ) : null}
        </UserSection>

        <UserSection id="data-rooms-title" title="Data rooms" intro="Data rooms this buyer was let into.">
          {detail.dataRooms.length === 0 ? <Empty>No data-room access.</Empty> : null}
          <ListingList
            items={detail.dataRooms}
            revokeIntent="revoke-data-room"
            what="enter this deal's data room"
            name={name}
          />
          <h3 className="pt-2 font-semibold text-navy-900">Signed confidentiality agreements</h3>
          {detail.signedAgreements.length === 0 ? (
            <Empty>No agreement signed.</Empty>
          ) : (
            <ul className="divide-y divide-navy-100 rounded-md border border-navy-100 text-sm">
              {detail.signedAgreements.map((a) => (
                <li key={a.ListingId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                  <span>
                    <Link to={`/deals/${a.ListingId}`} className="font-medium text-navy-800 underline">
                      #{a.ListingId} {a.Header}
                    </Link>
                    <span className="block text-slate-650">
                      {a.signerName}
                      {a.company ? `, ${a.company}` : ""} · {formatMoment(a.signedAt)}
                    </span>
                  </span>
                  <a
                    href={`/deals/${a.ListingId}/data-room/agreement.pdf?userId=${account.id}`}
                    className="font-medium text-navy-800 underline"
                  >
                    Signed PDF<span className="sr-only"> for deal #{a.ListingId}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </UserSection>

        <UserSection id="sessions-title" title="Sessions" className="lg:col-span-2">
          {detail.sessions.length === 0 ? (
            <Empty>No live session.</Empty>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">Live sessions</caption>
                <thead className="text-left text-slate-650">
                  <tr>
                    <th scope="col" className="py-1 pr-3">
                      Started
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Last seen
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Remember me
                    </th>
                    <th scope="col" className="py-1">
                      Viewed as by
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {detail.sessions.map((s) => (
                    <tr key={s.createdAt + s.lastSeenAt} className="border-navy-100 border-t">
                      <td className="tabular py-1 pr-3">{formatMoment(s.createdAt)}</td>
                      <td className="tabular py-1 pr-3">{formatMoment(s.lastSeenAt)}</td>
                      <td className="py-1 pr-3">{s.remember ? "Yes" : "No"}</td>
                      <td className="py-1">{s.impersonatedBy ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </UserSection>

        <UserSection id="activity-title" title="Recent activity" intro="Account events, newest first.">
          {detail.activity.length === 0 ? (
            <Empty>Nothing recorded yet.</Empty>
          ) : (
            <ol className="space-y-1 text-sm">
              {detail.activity.map((a) => (
                <li key={a.id} className="flex flex-wrap gap-x-2">
                  <span className="tabular text-slate-650">{formatMoment(a.at)}</span>
                  <span className="font-medium text-navy-900">{a.action.replaceAll("-", " ")}</span>
                  {a.detail ? <span className="text-slate-650">{a.detail}</span> : null}
                  {a.by ? (
                    <span className="text-slate-650">{a.by.startsWith("on ") ? a.by : `by ${a.by}`}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </UserSection>

        <UserSection
          id="data-room-activity-title"
          title="Data-room activity"
          intro="Views, downloads and more, newest first."
        >
          {detail.dataRoomActivity.length === 0 ? (
            <Empty>No data-room activity.</Empty>
          ) : (
            <ol className="space-y-1 text-sm">
              {detail.dataRoomActivity.map((e) => (
                <li key={e.id} className="flex flex-wrap gap-x-2">
                  <span className="tabular text-slate-650">{formatMoment(e.at)}</span>
                  <span className="font-medium text-navy-900">{e.event}</span>
                  {e.item ? <span className="break-all">{e.item}</span> : null}
                  <Link to={`/deals/${e.ListingId}`} className="text-navy-800 underline">
                    #{e.ListingId}
                  </Link>
                  {e.by ? <span className="text-slate-650">by {e.by}</span> : null}
                </li>
              ))}
            </ol>
          )}
        </UserSection>
      </div>
    </AdminPage>
  );
}

function Badge({ tone, children }: { tone: "positive" | "negative" | "neutral"; children: React.ReactNode }) {
  const tones = {
    positive: "border-positive/30 bg-positive/5 text-positive",
    negative: "border-negative/30 bg-negative/5 text-negative",
    neutral: "border-navy-100 bg-navy-50 text-navy-800",
  };
  return (
    <span className={`rounded-full border px-3 py-0.5 font-semibold text-sm ${tones[tone]}`}>{children}</span>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2">
      <dt className="font-medium text-navy-900">{term}</dt>
      <dd className="text-slate-650">{children}</dd>
    </div>
  );
}

/** A one-button form for a staff action that can be undone (so it needs no confirmation). */
function ButtonForm({
  intent,
  icon,
  children,
}: {
  intent: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  const status = useNavigationStatus(intent);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton status={status} look="secondary" icon={icon}>
        {children}
      </SubmitButton>
    </Form>
  );
}

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

function ListingList({
  items,
  revokeIntent,
  what,
  name,
}: {
  items: { ListingId: number; Header: string }[];
  revokeIntent: string;
  what: string;
  name: string;
}) {
  const status = useNavigationStatus(revokeIntent);
  if (items.length === 0) return null;
  return (
    <ul className="divide-y divide-navy-100 rounded-md border border-navy-100 text-sm">
      {items.map((item) => (
        <li key={item.ListingId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <Link to={`/deals/${item.ListingId}`} className="font-medium text-navy-800 underline">
            #{item.ListingId} {item.Header}
          </Link>
          <ConfirmAction
            trigger={
              <>
                Revoke<span className="sr-only"> deal #{item.ListingId}</span>
              </>
            }
            triggerClassName={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
            title="Revoke access?"
            message={`${name} will no longer ${what}.`}
            confirmText={CONFIRM_YES}
            cancelText={CONFIRM_NO}
            fields={{ intent: revokeIntent, listingId: item.ListingId }}
            status={status}
          />
        </li>
      ))}
    </ul>
  );
}

function EmailChangeForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const status = useNavigationStatus("change-email");
  const [form, fields] = useSchemaForm(staffEmailChangeSchema, { id: "change-email", lastResult });
  return (
    <Form method="post" {...formProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="change-email" />
      <EmailInputField field={fields.newEmail} label="New email" required autoComplete="off" />
      <PasswordInputField
        field={fields.currentPassword}
        label="Your password"
        autoComplete="current-password"
        hint="Not needed within 10 minutes of your login."
      />
      <FormErrors errors={form.errors} />
      <div className="flex justify-end">
        <SubmitButton status={status}>Send the link</SubmitButton>
      </div>
    </Form>
  );
}
