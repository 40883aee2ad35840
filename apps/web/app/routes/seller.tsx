import {
  type RouteHandle,
  SELL_YOUR_ASSETS,
  SELLER_BROCHURES,
  SELLER_INQUIRY_TITLE,
  sellerFormSchema,
} from "@aea/domain";
import { ClipboardList, Handshake, PhoneCall } from "lucide-react";
import { appContext } from "../app-context";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { BrochureList } from "../features/inquiries/brochure-list";
import { InquiryHeader } from "../features/inquiries/contact-details";
import { inquiryAction } from "../features/inquiries/inquiry-action.server";
import type { InquiryActionData } from "../features/inquiries/inquiry-form";
import { SellerForm } from "../features/inquiries/seller-form";
import { useTrackPdfDownload } from "../lib/data-layer";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/seller";

// Its form posts count against the per-address limit of the mail API (the server reads this).
export const handle = { access: "anyone", rateLimit: "inquiry" } satisfies RouteHandle;

/** The seller form's one action, posted with or without JavaScript: the same checks and mail as /api/Seller/Contact. */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  return inquiryAction(request, sellerFormSchema, async (inquiry) => {
    await core.inquiries.sendSellerInquiry({
      ...inquiry,
      fullName: `${inquiry.firstName} ${inquiry.lastName}`,
      title: SELLER_INQUIRY_TITLE,
      appName: core.config.firmShortName,
    });
    return "sent";
  });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Sell Your Oil & Gas Assets") },
  {
    name: "description",
    content:
      "Sell producing properties, leasehold, minerals and royalties through a competitive process: send an inquiry and download our brochures.",
  },
  FORM_PAGE_REFERRER,
];

const steps = [
  { Icon: ClipboardList, title: "Tell us about the assets", text: "A few lines are enough to start." },
  { Icon: PhoneCall, title: "An agent calls you", text: "Usually within one business day." },
  { Icon: Handshake, title: "We plan the sale together", text: "Valuation, timing and the right process." },
];

export default function SellerPage({ actionData }: Route.ComponentProps) {
  const { firmName, firmShortName } = useSite();
  const trackPdfDownload = useTrackPdfDownload();
  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50)_0%,white_45%)]">
      <InquiryHeader eyebrow="Divestiture services" title={SELL_YOUR_ASSETS}>
        <p>
          For four decades {firmName} has turned oil and gas properties into cash for operators, funds and
          mineral owners. Tell us what you own and an agent will contact you.
        </p>
      </InquiryHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:gap-12">
        <section
          aria-labelledby="seller-form-heading"
          className="self-start rounded-card border border-navy-100 bg-white p-5 shadow-card sm:p-8"
        >
          <h2 id="seller-form-heading" className="font-semibold text-navy-900 text-xl">
            Start a confidential conversation
          </h2>
          <ol className="mt-4 mb-6 grid gap-3 sm:grid-cols-3">
            {steps.map(({ Icon, title, text }, i) => (
              <li key={title} className="flex items-start gap-3 rounded-md bg-navy-50 p-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-amber-700 shadow-card">
                  <Icon aria-hidden size={16} />
                </span>
                <span className="text-sm">
                  <span className="block font-semibold text-navy-900">
                    <span className="sr-only">Step {i + 1}: </span>
                    {title}
                  </span>
                  <span className="text-slate-650">{text}</span>
                </span>
              </li>
            ))}
          </ol>
          <SellerForm
            firmShortName={firmShortName}
            actionData={actionData as InquiryActionData | undefined}
          />
        </section>
        <section aria-labelledby="brochures-heading">
          <h2 id="brochures-heading" className="font-bold text-navy-900 text-xl">
            Brochures
          </h2>
          <p className="mt-1 mb-4 text-slate-650 text-sm">
            How we sell, host data rooms, evaluate and reach buyers.
          </p>
          <BrochureList
            brochures={SELLER_BROCHURES}
            onDownload={(brochure, url) => trackPdfDownload({ title: brochure.title, url })}
          />
        </section>
      </div>
    </div>
  );
}
