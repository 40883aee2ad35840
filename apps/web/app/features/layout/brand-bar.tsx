import { FirmLogo } from "./firm-logo";

/**
 * The firm's mark above a page that stands alone without the site header (its route declares
 * `header: false`, e.g. /login): the visitor still sees whose site this is and has a way home.
 */
export function BrandBar() {
  return (
    <div className="no-print bg-navy-900">
      <div className="mx-auto flex h-header max-w-[1920px] items-center px-3 sm:px-5">
        <FirmLogo />
      </div>
    </div>
  );
}
