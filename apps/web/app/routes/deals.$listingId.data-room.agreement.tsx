import {
  AGREEMENT_TEXTS,
  agreementSchema,
  dataRoomPath,
  isAppError,
  mayViewListing,
  type RouteHandle,
  SERVER_ERROR,
  signedAgreementPdfPath,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowRight, FileSignature, FileText } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { appContext } from "../app-context";
import { cardStyles } from "../components/staff/card";
import { buttonStyles } from "../components/ui/button-styles";
import { FieldError } from "../components/ui/field-error";
import { LoadingDialog } from "../components/ui/loading-dialog";
import { requiredLabel } from "../components/ui/required-mark";
import { SubmitButton } from "../components/ui/submit-button";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import {
  listingOf,
  notFound,
  requireRoomStep,
  roomDeal,
} from "../features/data-room/data-room-loaders.server";
import { SignaturePad } from "../features/data-room/signature-pad";
import { formatDate } from "../lib/dates";
import { CheckboxInputField, FormErrors, firstError, InputField } from "../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../lib/forms/use-schema-form";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deals.$listingId.data-room.agreement";

// Signing sends mail: the same per-address limit as the account forms.
export const handle = { access: "anyone", rateLimit: "account" } satisfies RouteHandle;

/**
 * A listing's confidentiality agreement: a buyer whose next step into the data room is the agreement
 * reads and signs it; one who signed sees their signed copy. Everyone else goes where the way into
 * the data room sends them (log in, the access code) or gets the 404 of a missing deal.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const listing = await listingOf(core, params.listingId);
  const deal = roomDeal(listing);
  const signed =
    user && mayViewListing(listing, user) && (await core.agreements.find(user.id, listing.ListingId));
  if (user && signed) {
    return {
      state: "signed" as const,
      deal,
      signed: { name: signed.signerName, company: signed.company, signedAt: signed.signedAt },
    };
  }
  const signer = await requireRoomStep(core, user, listing, "agreement");
  const profile = await core.profiles.profile(signer.id);
  return {
    state: "unsigned" as const,
    deal,
    agreement: core.agreements.agreementFor(listing),
    defaults: {
      fullName: signer.name,
      company: profile?.companyName || signer.officialCompanyName || "",
    },
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { core, user, ipAddress } = context.get(appContext);
  const listing = await listingOf(core, params.listingId);
  if (!user) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: agreementSchema });
  // The drawing is not sent back: the pad redraws it, and a refused one may be tens of KB.
  const unsigned = { hideFields: ["signature"] };
  if (submission.status !== "success") return data({ result: submission.reply(unsigned) }, { status: 400 });
  try {
    await core.agreements.sign(user, listing.ListingId, submission.value, {
      ipAddress,
      userAgent: request.headers.get("user-agent") ?? "",
    });
  } catch (error) {
    if (isAppError(error) && error.code === "ALREADY_SIGNED") throw redirect(new URL(request.url).pathname);
    if (isAppError(error) && error.code === "BAD_SIGNATURE")
      return data(
        { result: submission.reply({ ...unsigned, fieldErrors: { signature: [error.message] } }) },
        { status: 400 },
      );
    if (isAppError(error) && error.status < 500)
      return error.status === 404
        ? Promise.reject(notFound())
        : data(
            { result: submission.reply({ ...unsigned, formErrors: [error.message] }) },
            { status: error.status },
          );
    console.error(error);
    return data({ result: submission.reply({ ...unsigned, formErrors: [SERVER_ERROR] }) }, { status: 500 });
  }
  throw redirect(dataRoomPath(listing.ListingId));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, AGREEMENT_TEXTS.title) },
  { name: "robots", content: "noindex" },
  FORM_PAGE_REFERRER,
];

export default function AgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal } = loaderData;
  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50)_70%,white)]">
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
        <nav aria-label="Breadcrumb" className="text-slate-650 text-sm">
          <Link to={`/deals/${deal.id}`} className="hover:underline">
            Deal #{deal.id}: {deal.header}
          </Link>
        </nav>
        <header className="mt-3 flex items-start gap-3">
          <span className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <FileSignature aria-hidden size={20} />
          </span>
          <div>
            <h1 className="font-bold text-2xl text-navy-900 sm:text-3xl">{AGREEMENT_TEXTS.title}</h1>
            <p className="mt-1 text-slate-650">{deal.header}</p>
          </div>
        </header>
        {loaderData.state === "signed" ? (
          <SignedCopy dealId={deal.id} signed={loaderData.signed} />
        ) : (
          <SigningForm
            agreement={loaderData.agreement}
            defaults={loaderData.defaults}
            lastResult={(actionData as { result?: SubmissionResult<string[]> } | undefined)?.result ?? null}
          />
        )}
      </div>
    </div>
  );
}

function SignedCopy({
  dealId,
  signed,
}: {
  dealId: number;
  signed: { name: string; company: string; signedAt: string };
}) {
  return (
    <section aria-labelledby="signed-title" className={`${cardStyles} mt-6 p-5 sm:p-7`}>
      <h2 id="signed-title" className="font-semibold text-navy-900 text-xl">
        {AGREEMENT_TEXTS.signedTitle}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-650">Signed by</dt>
        <dd className="font-medium text-navy-900">{signed.name}</dd>
        <dt className="text-slate-650">Company</dt>
        <dd className="font-medium text-navy-900">{signed.company}</dd>
        <dt className="text-slate-650">Signed on</dt>
        <dd className="font-medium text-navy-900">{formatDate(signed.signedAt, "longMoment")}</dd>
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a href={signedAgreementPdfPath(dealId)} className={buttonStyles.secondary} download>
          <FileText aria-hidden size={18} />
          {AGREEMENT_TEXTS.downloadSigned}
        </a>
        <Link to={dataRoomPath(dealId)} className={buttonStyles.primary}>
          {AGREEMENT_TEXTS.continueToDataRoom}
          <ArrowRight aria-hidden size={18} />
        </Link>
      </div>
    </section>
  );
}

function SigningForm({
  agreement,
  defaults,
  lastResult,
}: {
  agreement: { title: string; paragraphs: string[] };
  defaults: { fullName: string; company: string };
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(agreementSchema, { lastResult, defaultValue: defaults });
  const status = useNavigationStatus();
  return (
    <>
      <p className="mt-4 max-w-prose text-slate-650">{AGREEMENT_TEXTS.intro}</p>
      {/* Focusable so that keyboard users can scroll it; labelled so it is announced as the agreement. */}
      <section
        aria-label={AGREEMENT_TEXTS.title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard.
        tabIndex={0}
        className={`${cardStyles} mt-5 max-h-[60vh] overflow-y-auto p-5 text-navy-900 text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-navy-600 sm:p-7 sm:text-[0.95rem]`}
      >
        <h2 className="font-semibold text-lg">{agreement.title}</h2>
        {agreement.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 40)} className="mt-3">
            {paragraph}
          </p>
        ))}
      </section>
      <section aria-labelledby="sign-title" className={`${cardStyles} mt-6 p-5 sm:p-7`}>
        <h2 id="sign-title" className="font-semibold text-navy-900 text-xl">
          Sign
        </h2>
        <Form method="post" {...formProps(form)} className="mt-4 space-y-5" aria-labelledby="sign-title">
          <FormErrors errors={form.errors} />
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field={fields.fullName}
              label={requiredLabel(AGREEMENT_TEXTS.fullName)}
              autoComplete="name"
              required
            />
            <InputField
              field={fields.company}
              label={requiredLabel(AGREEMENT_TEXTS.company)}
              autoComplete="organization"
              required
            />
          </div>
          <SignaturePad name={fields.signature.name} />
          <FieldError id={`${fields.signature.id}-error`}>{firstError(fields.signature)}</FieldError>
          <div>
            <CheckboxInputField
              field={fields.consent}
              label={AGREEMENT_TEXTS.consent}
              required
              aria-invalid={firstError(fields.consent) ? true : undefined}
              aria-describedby={firstError(fields.consent) ? `${fields.consent.id}-error` : undefined}
            />
            <FieldError id={`${fields.consent.id}-error`}>{firstError(fields.consent)}</FieldError>
          </div>
          <SubmitButton
            status={status}
            icon={<FileSignature aria-hidden size={18} />}
            className="w-full px-6 py-2.5 sm:w-auto"
          >
            {status === "pending" ? AGREEMENT_TEXTS.signing : AGREEMENT_TEXTS.sign}
          </SubmitButton>
        </Form>
      </section>
      {/* Writing the signed PDF and mailing it takes a moment: the visitor sees why they wait. */}
      <LoadingDialog
        open={status === "pending"}
        title={AGREEMENT_TEXTS.signing}
        message="Signing the agreement and preparing your signed copy. This takes a moment."
      />
    </>
  );
}
