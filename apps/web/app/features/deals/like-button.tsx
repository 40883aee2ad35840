import { Heart } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useSite } from "../../lib/site";
import { setLiked, useLikedDealsOfPage } from "./liked-deals";

/**
 * Like a deal (signed-in buyers); anonymous visitors are asked to log in. Positioned by the caller:
 * "relative" (the default) in a page's flow, "absolute …" over a card's cover; either way it sits
 * above the card's full-size link.
 */
export function LikeButton({ listingId, className = "relative" }: { listingId: number; className?: string }) {
  const { user } = useSite();
  const location = useLocation();
  const likedIds = useLikedDealsOfPage();
  const base = `z-10 inline-flex h-9 w-9 items-center justify-center rounded-full border bg-white/95 shadow-card transition-colors ${className}`;
  if (!user) {
    return (
      <Link
        to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
        title="Log in to like deals"
        className={`${base} border-navy-100 text-navy-700 hover:text-amber-700`}
      >
        <Heart aria-hidden size={17} />
        <span className="sr-only">Log in to like this deal</span>
      </Link>
    );
  }
  const liked = likedIds.has(listingId);
  return (
    <button
      type="button"
      aria-pressed={liked}
      onClick={() => void setLiked(listingId, !liked)}
      title={liked ? "Liked" : "Like"}
      className={`${base} ${liked ? "border-amber-500 text-amber-700" : "border-navy-100 text-navy-700 hover:text-amber-700"}`}
    >
      <Heart aria-hidden size={17} fill={liked ? "currentColor" : "none"} />
      <span className="sr-only">Like this deal</span>
    </button>
  );
}
