import { contactFormSchema, type RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { ContactSidebar, InquiryHeader, OfficeCard } from "../features/inquiries/contact-details";
import { ContactForm } from "../features/inquiries/contact-form";
import { inquiryAction } from "../features/inquiries/inquiry-action.server";
import type { InquiryActionData } from "../features/inquiries/inquiry-form";
import { record, records, text } from "../lib/content/content-fields";
import { RichText } from "../lib/content/safe-html";
import { sanitizeContentHtml } from "../lib/content/sanitize-html.server";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/contact-us";

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const { data: content } = await core.content.readItems("contact_us_page", {
    fields: ["title", "history", "services", "office_name", "office_address", "phone", "fax"],
  });
  const page = record(content);
  return {
    title: text(page.title) || "Contact Us",
    history: sanitizeContentHtml(page.history),
    services: records(page.services)
      .map((row) => text(row.item))
      .filter(Boolean),
    office: {
      name: text(page.office_name),
      addressLines: text(page.office_address)
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      phone: text(page.phone),
      fax: text(page.fax),
    },
    // The browser flags blocked addresses as the visitor types; the server checks again on send.
    blockList: await core.inquiries.contactBlockList(),
  };
}

// Its form posts count against the per-address limit of the mail API (the server reads this).
export const handle = { access: "anyone", rateLimit: "inquiry" } satisfies RouteHandle;

/** The contact form's one action, posted with or without JavaScript: the same checks and mail as the API. */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const schema = contactFormSchema(await core.inquiries.contactBlockList());
  return inquiryAction(request, schema, (message) =>
    core.inquiries.sendContactMessage({ ...message, appName: core.config.firmShortName }),
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Contact Us") },
  {
    name: "description",
    content:
      "Contact our oil and gas divestiture and acquisition advisors: send a message, call the corporate office, or visit us.",
  },
  FORM_PAGE_REFERRER,
];

export default function ContactUsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { firmName, supportEmail } = useSite();
  const { title, history, services, office, blockList } = loaderData;
  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50)_0%,white_40%)]">
      <InquiryHeader eyebrow={firmName} title={title}>
        <p>
          Questions about a deal, a sale or our services? Send us a message and our team will reply promptly.
        </p>
      </InquiryHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-12 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)_minmax(0,18rem)]">
        <aside className="order-3 lg:col-start-1 lg:row-span-2 lg:row-start-1" aria-label="About the firm">
          <ContactSidebar history={<RichText html={history} />} services={services} />
        </aside>
        <section
          aria-labelledby="contact-form-heading"
          className="order-1 self-start rounded-card border border-navy-100 bg-white p-5 shadow-card sm:p-8 lg:col-start-2 lg:row-start-1"
        >
          <h2 id="contact-form-heading" className="mb-1 font-semibold text-navy-900 text-xl">
            Send us a message
          </h2>
          <p className="mb-6 text-slate-650 text-sm">Your message goes straight to our team's inbox.</p>
          <ContactForm blockList={blockList} actionData={actionData as InquiryActionData | undefined} />
        </section>
        <div className="order-2 self-start lg:col-start-2 lg:row-start-2 xl:col-start-3 xl:row-start-1">
          <OfficeCard office={office} email={supportEmail} />
        </div>
      </div>
    </div>
  );
}
