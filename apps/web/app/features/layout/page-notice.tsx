import { SNACKBAR_DURATION_MS } from "@aea/domain";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { noticeText } from "../../lib/notices";

// Only a page reached with a notice needs the snackbar's code.
const Snackbar = lazy(() => import("../../components/ui/snackbar").then((m) => ({ default: m.Snackbar })));

/** Shows the `?notice=` a redirect carried (e.g. 'Login to access this page') once, then drops it from the URL. */
export function PageNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const text = noticeText(params.get("notice"));
  const [shown, setShown] = useState<string | undefined>();

  useEffect(() => {
    if (!text) return;
    setShown(text);
    const rest = new URLSearchParams(location.search);
    rest.delete("notice");
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true, preventScrollReset: true },
    );
  }, [text, location.pathname, location.search, navigate]);

  if (shown === undefined) return null;
  return (
    <Suspense fallback={null}>
      <Snackbar open onOpenChange={(open) => !open && setShown(undefined)} durationMs={SNACKBAR_DURATION_MS}>
        {shown}
      </Snackbar>
    </Suspense>
  );
}
