import { SNACKBAR_DURATION_MS } from "@aea/domain";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Snackbar } from "../../components/ui/snackbar";
import { noticeText } from "../../lib/notices";

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

  return (
    <Snackbar
      open={shown !== undefined}
      onOpenChange={(open) => !open && setShown(undefined)}
      durationMs={SNACKBAR_DURATION_MS}
    >
      {shown}
    </Snackbar>
  );
}
