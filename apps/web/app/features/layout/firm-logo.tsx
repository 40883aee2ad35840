import { Link } from "react-router";
import { useSite } from "../../lib/site";

/** The firm's mark: an anticline (an arched rock fold, the classic oil trap) over the firm's name. */
export function FirmLogo() {
  const { firmName, firmShortName } = useSite();
  // The visible name is the link's accessible name (no aria-label), so speech users can say what they see.
  return (
    <Link to="/home" className="flex items-center gap-2.5 rounded text-white">
      <svg viewBox="0 0 40 40" width="38" height="38" aria-hidden="true" className="shrink-0">
        <rect width="40" height="40" rx="8" fill="#10284a" />
        <path
          d="M4 30 C12 10, 28 10, 36 30"
          fill="none"
          stroke="#f29a1f"
          strokeWidth="3.2"
          strokeLinecap="round"
        />
        <path
          d="M9 32 C15 18, 25 18, 31 32"
          fill="none"
          stroke="#e3ebf5"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
        <circle cx="20" cy="17.5" r="2.6" fill="#f29a1f" />
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="font-bold text-lg tracking-wide">{firmShortName}</span>
        <span className="sr-only text-[0.7rem] text-navy-100 uppercase tracking-[0.14em] sm:not-sr-only">
          {firmName}
        </span>
      </span>
    </Link>
  );
}
