import { DEALS_PUBLIC_PATH, dealsHref, EMPTY_SEARCH, parseDealQuery, SEARCH_PLACEHOLDER } from "@aea/domain";
import { Search } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { publicDealsStore } from "./deals-store";

// Only an empty search needs the dialog's code.
const MessageDialog = lazy(() =>
  import("../../components/ui/dialog").then((m) => ({ default: m.MessageDialog })),
);

/**
 * The header's deal search. On the deals page it keeps the other filters, starts again at page one,
 * and, once the whole list is in the browser, filters as the visitor types.
 */
export function DealSearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const onDeals = location.pathname === DEALS_PUBLIC_PATH;
  const current = onDeals ? parseDealQuery(new URLSearchParams(location.search)) : undefined;
  const [text, setText] = useState(current?.search ?? "");
  const [emptyDialogOpen, setEmptyDialogOpen] = useState(false);
  const hydrated = useHydrated();

  // Follow the URL when it changes under us (back button, token removed), keeping what is being typed.
  const urlSearch = current?.search ?? "";
  useEffect(() => setText((typed) => (typed.trim() === urlSearch ? typed : urlSearch)), [urlSearch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) {
      setEmptyDialogOpen(true);
      return;
    }
    // Recorded for the firm's market intelligence; the visitor never waits for it.
    void fetch(`/api/Advisors/TrackDealsWebSearch?search=${encodeURIComponent(search)}`, {
      method: "POST",
      keepalive: true,
    }).catch(() => undefined);
    void navigate(dealsHref({ ...(current ?? {}), search, page: 1 }));
  };

  const type = (value: string) => {
    setText(value);
    if (onDeals && current && publicDealsStore.current()) {
      void navigate(dealsHref({ ...current, search: value.trim(), page: 1 }), {
        replace: true,
        preventScrollReset: true,
      });
    }
  };

  return (
    <search className="flex min-w-0 flex-1">
      <form action={DEALS_PUBLIC_PATH} method="get" onSubmit={submit} className="flex min-w-0 flex-1">
        <label htmlFor="deal-search" className="sr-only">
          {SEARCH_PLACEHOLDER}
        </label>
        <input
          id="deal-search"
          name="search"
          type="search"
          value={text}
          onChange={(e) => type(e.target.value)}
          onKeyDown={(e) => {
            // The disabled button blocks the form's implicit submission, so answer Enter here.
            if (e.key === "Enter" && text.trim() === "") {
              e.preventDefault();
              setEmptyDialogOpen(true);
            }
          }}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 min-w-0 flex-1 rounded-l-md border border-navy-600 border-r-0 bg-white px-3 text-navy-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          // Before the scripts start (they wait for the page to load) this is a plain GET form, so the
          // button stays usable; the empty-search rule needs JavaScript and applies from hydration on.
          disabled={hydrated && text.trim() === ""}
          aria-label="Search"
          className="flex h-10 items-center rounded-r-md bg-amber-500 px-3.5 text-navy-950 hover:bg-amber-600 disabled:cursor-not-allowed disabled:bg-amber-100 disabled:text-slate-650"
        >
          <Search aria-hidden size={18} />
        </button>
      </form>
      {emptyDialogOpen ? (
        <Suspense fallback={null}>
          <MessageDialog open onOpenChange={setEmptyDialogOpen} title="Search" message={EMPTY_SEARCH} />
        </Suspense>
      ) : null}
    </search>
  );
}
