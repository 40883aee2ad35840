import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** Goes back one page; disabled when this tab has no earlier page of the site (React Router's history index). */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const [canGoBack, setCanGoBack] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the history index changes with every navigation.
  useEffect(() => {
    setCanGoBack(((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0);
  }, [location.key]);
  return (
    <button
      type="button"
      onClick={() => navigate(-1)}
      disabled={!canGoBack}
      aria-label="Go back"
      className="rounded-full p-2 text-white transition-colors hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <ArrowLeft aria-hidden size={20} />
    </button>
  );
}
