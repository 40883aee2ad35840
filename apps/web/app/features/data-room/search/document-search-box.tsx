import { documentSearchPath, SEARCH_QUERY_MAX_LENGTH, DOCUMENT_SEARCH_TEXTS as TEXTS } from "@aea/domain";
import { Search } from "lucide-react";
import { Form } from "react-router";

/**
 * The data room's search box: a plain GET form to the room's search page, so it works before the
 * scripts start and keeps what was typed meanwhile (the input is uncontrolled).
 */
export function DocumentSearchBox({ listingId, q = "" }: { listingId: number; q?: string }) {
  return (
    <search className="w-full sm:max-w-md">
      <Form method="get" action={documentSearchPath(listingId)} className="flex min-w-0">
        <label htmlFor="document-search" className="sr-only">
          {TEXTS.label}
        </label>
        <input
          id="document-search"
          name="q"
          type="search"
          defaultValue={q}
          required
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={TEXTS.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 min-w-0 flex-1 rounded-l-md border border-navy-600 border-r-0 bg-white px-3 text-navy-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          aria-label={TEXTS.submit}
          className="flex h-10 items-center gap-1.5 rounded-r-md bg-amber-500 px-3.5 font-semibold text-navy-950 text-sm hover:bg-amber-600"
        >
          <Search aria-hidden size={16} />
          {/* A phone keeps the width for the words typed; the button's name stays the same. */}
          <span className="max-sm:hidden">{TEXTS.submit}</span>
        </button>
      </Form>
    </search>
  );
}
