import { type AnalysisState, analysisHref, LISTING_SEND_EXCLUSIONS, LISTING_SEND_TEXTS } from "@aea/domain";
import { Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import type { ListingSendView } from "./analysis-data";
import { HiddenState } from "./hidden-state";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Acting on the answer (issue 22 item 6): choose a public listing, preview who of the buyers found
 * gets it (and who not, and why) and the mail, then send. The preview is a GET form (its address
 * carries `send`), the Send a POST of the page's address: both work before the page's script arrives.
 */
export function ListingSendPanel({
  path,
  state,
  view,
  problem,
}: {
  path: string;
  state: AnalysisState;
  view: ListingSendView;
  /** Why the last Send was refused. */
  problem: string | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const { preview } = view;
  const open = view.chosen !== null || problem !== null;
  const query = analysisHref(path, state).split("?")[1] ?? "";
  return (
    <details open={open} className="mb-4 rounded-card border border-navy-100 bg-white p-4 shadow-card">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-navy-900 text-sm">
        <Send aria-hidden size={16} />
        {LISTING_SEND_TEXTS.title}
      </summary>
      <Form method="get" action={path} preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
        <HiddenState path={path} state={state} />
        <div className="min-w-0 flex-1 text-slate-650 text-xs">
          <label htmlFor="send-listing">{LISTING_SEND_TEXTS.listing}</label>
          <select
            id="send-listing"
            name="send"
            required
            defaultValue={view.chosen ?? ""}
            className="mt-0.5 h-9 w-full rounded-md border border-navy-100 bg-white px-2 text-navy-900 text-sm"
          >
            <option value="" disabled>
              {LISTING_SEND_TEXTS.chooseListing}
            </option>
            {view.listings.map((l) => (
              <option key={l.ListingId} value={l.ListingId}>
                {l.Header}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${buttonStyles.secondary} h-9 py-0`}>
          {LISTING_SEND_TEXTS.preview}
        </button>
      </Form>
      {view.problem || problem ? (
        <Alert tone="error" className="mt-3">
          {problem ?? view.problem}
        </Alert>
      ) : null}
      {preview ? (
        <section aria-label={LISTING_SEND_TEXTS.previewOf(preview.listing.Header)} className="mt-4 space-y-3">
          <p className="font-semibold text-navy-900">
            {preview.recipients > 0
              ? LISTING_SEND_TEXTS.recipients(preview.recipients)
              : LISTING_SEND_TEXTS.nobody}
          </p>
          {preview.excluded.length > 0 ? (
            <div>
              <h3 className="font-medium text-navy-900 text-sm">{LISTING_SEND_TEXTS.excluded}</h3>
              <ul className="mt-1 list-disc pl-5 text-slate-650 text-sm">
                {preview.excluded.map((e) => (
                  <li key={e.reason}>
                    {LISTING_SEND_EXCLUSIONS[e.reason]}: <span className="tabular">{count(e.count)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.mail ? (
            <div>
              <h3 className="font-medium text-navy-900 text-sm">{LISTING_SEND_TEXTS.mail}</h3>
              <div className="mt-1 rounded-md border border-navy-100 bg-navy-50/40 p-3 text-sm">
                <p>
                  <span className="text-slate-650">{LISTING_SEND_TEXTS.to}</span> {preview.mail.to}
                </p>
                <p>
                  <span className="text-slate-650">{LISTING_SEND_TEXTS.subject}</span>{" "}
                  <strong>{preview.mail.subject}</strong>
                </p>
                <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-navy-900">
                  {preview.mail.text}
                </pre>
              </div>
            </div>
          ) : null}
          <Form method="post" action={`${path}${query ? `?${query}` : ""}`} preventScrollReset>
            <input type="hidden" name="query" value={query} />
            <input type="hidden" name="listingId" value={preview.listing.ListingId} />
            <button
              type="submit"
              className={buttonStyles.primary}
              disabled={preview.recipients === 0 || sending}
            >
              <Send aria-hidden size={16} />
              {LISTING_SEND_TEXTS.sendTo(preview.recipients)}
            </button>
          </Form>
        </section>
      ) : null}
    </details>
  );
}
