import { DEALS_PUBLIC_PATH, EMPTY_SEARCH, SEARCH_PLACEHOLDER, searchTextOf } from "@aea/domain";
import { Search } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";

// What a search does (the deal query's engine) loads when the box is first used: focus, a key, a submit.
const loadNavigation = () => import("./deal-search-navigation");

// Only an empty search needs the dialog's code.
const MessageDialog = lazy(() =>
  import("../../components/ui/dialog").then((m) => ({ default: m.MessageDialog })),
);

/**
 * The header's deal search. On the deals page it keeps the other filters, starts again at page one,
 * and, once the whole list is in the browser, filters as the visitor types.
 *
 * The box is uncontrolled: what a visitor types before the scripts start stays in it when the page
 * hydrates, and until then the form is a plain GET form that the browser refuses to send empty.
 */
export function DealSearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const onDeals = location.pathname === DEALS_PUBLIC_PATH;
  const urlSearch = onDeals ? searchTextOf(new URLSearchParams(location.search)) : "";
  const box = useRef<HTMLInputElement>(null);
  const [empty, setEmpty] = useState(!urlSearch);
  const [emptyDialogOpen, setEmptyDialogOpen] = useState(false);
  const hydrated = useHydrated();

  // Follow the URL when it changes under us (back button, token removed), keeping what is being
  // typed. The first run only reads the box: it may hold text typed before the scripts ran.
  const followedSearch = useRef<string | null>(null);
  useEffect(() => {
    const input = box.current;
    if (!input) return;
    const urlChanged = followedSearch.current !== null && followedSearch.current !== urlSearch;
    followedSearch.current = urlSearch;
    if (urlChanged && input.value.trim() !== urlSearch && document.activeElement !== input)
      input.value = urlSearch;
    setEmpty(input.value.trim() === "");
  }, [urlSearch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = box.current?.value.trim() ?? "";
    if (!search) {
      setEmptyDialogOpen(true);
      return;
    }
    // Recorded for the firm's market intelligence; the visitor never waits for it.
    void fetch(`/api/Advisors/TrackDealsWebSearch?search=${encodeURIComponent(search)}`, {
      method: "POST",
      keepalive: true,
    }).catch(() => undefined);
    void loadNavigation().then(({ searchHref }) => navigate(searchHref(location, search)));
  };

  const type = (value: string) => {
    setEmpty(value.trim() === "");
    if (!onDeals) return;
    void loadNavigation().then(({ typeAheadHref }) => {
      const href = typeAheadHref(location, value);
      if (href) void navigate(href, { replace: true, preventScrollReset: true });
    });
  };

  return (
    <search className="flex min-w-0 flex-1">
      <form action={DEALS_PUBLIC_PATH} method="get" onSubmit={submit} className="group flex min-w-0 flex-1">
        <label htmlFor="deal-search" className="sr-only">
          {SEARCH_PLACEHOLDER}
        </label>
        <input
          id="deal-search"
          name="search"
          type="search"
          ref={box}
          defaultValue={urlSearch}
          // Before hydration the browser itself refuses an empty search.
          required
          onChange={(e) => type(e.target.value)}
          onFocus={() => void loadNavigation()}
          onKeyDown={(e) => {
            // The disabled button blocks the form's implicit submission, so answer Enter here.
            if (e.key === "Enter" && e.currentTarget.value.trim() === "") {
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
          // Before the scripts start (they wait for the page to load) this is a plain GET form: the
          // button looks disabled while the box is empty (CSS) but stays usable for typed text.
          disabled={hydrated && empty}
          aria-label="Search"
          className="flex h-10 items-center rounded-r-md bg-amber-500 px-3.5 text-navy-950 hover:bg-amber-600 disabled:cursor-not-allowed disabled:bg-amber-100 disabled:text-slate-650 group-has-[input:placeholder-shown]:cursor-not-allowed group-has-[input:placeholder-shown]:bg-amber-100 group-has-[input:placeholder-shown]:text-slate-650"
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
