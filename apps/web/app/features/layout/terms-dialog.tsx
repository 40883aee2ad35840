import { COOKIE_MAX_AGE_SECONDS, TERMS_COOKIE_NAME } from "@aea/domain";
import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useSite } from "../../lib/site";

// Most visits come from visitors who agreed before: the dialog's code loads only for those who did not.
const TermsOfUseDialog = lazy(() => import("./terms-of-use-dialog"));

function hasAgreed(): boolean {
  return document.cookie.split("; ").some((c) => c.startsWith(`${TERMS_COOKIE_NAME}=`));
}

/**
 * The sophisticated-investor statement every visitor answers before using the site. Decided in the
 * browser (the cookie is not needed by the server), so server-rendered pages stay cacheable.
 */
export function TermsDialog() {
  const { firmName } = useSite();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(!hasAgreed()), []);

  const agree = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
    document.cookie = `${TERMS_COOKIE_NAME}=true; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Strict`;
    setOpen(false);
  };
  const disagree = () => {
    setOpen(false);
    void navigate("/home");
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TermsOfUseDialog firmName={firmName} onAgree={agree} onDisagree={disagree} />
    </Suspense>
  );
}
