import { TOMBSTONE_SIZE } from "@aea/domain";
import { ArrowRight, Download, FileText, Mail } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { NavTabs } from "../../components/ui/nav-tabs";
import { type ContentFile, downloadUrl } from "../../lib/content/assets";
import { ContentImage } from "../../lib/content/content-image";
import { useTrackPdfDownload } from "../../lib/data-layer";

/** The pitchbook pages (spec §2): /pitchbooks/{path}. */
export const PITCHBOOK_PAGES = [
  { path: "products-services", title: "Products & Services" },
  { path: "tombstones", title: "Tombstones" },
  { path: "capabilities-pitchbook", title: "Capabilities Pitchbook" },
] as const;
export type PitchbookPath = (typeof PITCHBOOK_PAGES)[number]["path"];
export const DEFAULT_PITCHBOOK: PitchbookPath = "products-services";
export const DOWNLOAD_PDF = "Download PDF";

export const pitchbookHref = (path: string) => `/pitchbooks/${path}`;

export function isPitchbookPath(path: string | undefined): path is PitchbookPath {
  return PITCHBOOK_PAGES.some((page) => page.path === path);
}

export interface Pitchbook {
  path: PitchbookPath;
  title: string;
  description: string;
  cover: ContentFile | null;
  pdf: ContentFile | null;
}

export interface Tombstone {
  key: string;
  title: string;
  /** A content file (through the asset endpoint)… */
  file?: ContentFile;
  /** …or a sold listing's tombstone picture. */
  src?: string;
}

export function PitchbookTabs({ current }: { current: PitchbookPath }) {
  return (
    <NavTabs
      label="Pitchbooks"
      tabs={PITCHBOOK_PAGES.map((page) => ({
        to: pitchbookHref(page.path),
        label: page.title,
        current: page.path === current,
      }))}
    />
  );
}

/** A pitchbook: its cover, what it holds, and its PDF when one is uploaded. */
export function PitchbookView({ book }: { book: Pitchbook }) {
  return (
    <section className="bg-navy-900 text-white" aria-labelledby="pitchbook-title">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-6 py-12 md:grid-cols-[minmax(0,20rem)_1fr] md:py-16">
        {book.cover ? (
          <ContentImage
            file={book.cover}
            widths={[256, 384, 512, 640]}
            sizes="(min-width: 768px) 20rem, 60vw"
            alt={`Cover of ${book.title}`}
            loading="eager"
            fetchPriority="high"
            quality={85}
            className="mx-auto h-auto w-3/5 max-w-80 rounded-md shadow-raised ring-1 ring-white/10 md:w-full"
          />
        ) : (
          <div className="mx-auto flex aspect-[3/4] w-3/5 max-w-80 items-center justify-center rounded-md bg-navy-800 md:w-full">
            <FileText aria-hidden size={56} className="text-amber-500" />
          </div>
        )}
        <div>
          <p className="font-semibold text-amber-500 text-sm uppercase tracking-[0.16em]">Pitchbook</p>
          <h1 id="pitchbook-title" className="mt-2 font-bold text-3xl sm:text-5xl">
            {book.title}
          </h1>
          {book.description ? (
            <p className="mt-5 max-w-2xl text-lg text-navy-100 sm:text-xl">{book.description}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            {book.pdf ? (
              <PdfDownloadLink title={book.title} file={book.pdf} />
            ) : (
              <Link to="/contact-us" className={buttonStyles.callToAction}>
                <Mail aria-hidden size={18} /> Request a copy
              </Link>
            )}
            <Link to="/services" className={buttonStyles.callToActionOnDark}>
              Our services <ArrowRight aria-hidden size={18} />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The PDF as an attachment; each download is the one analytics event the site sends (spec §7). */
export function PdfDownloadLink({ title, file }: { title: string; file: ContentFile }) {
  const trackPdfDownload = useTrackPdfDownload();
  const url = downloadUrl(file);
  return (
    <a
      href={url}
      download={file.filename || true}
      onClick={() => trackPdfDownload({ title, url })}
      className={buttonStyles.callToAction}
    >
      <Download aria-hidden size={18} /> {DOWNLOAD_PDF}
      <span className="sr-only">: {title}</span>
    </a>
  );
}

/** Services as cards under the products-and-services pitchbook. */
export function ServiceList({ services }: { services: { path: string; title: string; summary: string }[] }) {
  if (services.length === 0) return null;
  return (
    <section aria-labelledby="pitchbook-services-title" className="mx-auto max-w-7xl px-6 py-14">
      <h2 id="pitchbook-services-title" className="font-bold text-2xl text-navy-900 sm:text-3xl">
        What we do for sellers
      </h2>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.path}>
            <Link
              to={`/services/${encodeURIComponent(service.path)}`}
              className="group flex h-full flex-col rounded-card border border-navy-100 bg-white p-6 shadow-card transition-shadow hover:shadow-raised"
            >
              <span className="font-semibold text-lg text-navy-900">{service.title}</span>
              {service.summary ? <span className="mt-2 text-slate-650">{service.summary}</span> : null}
              <span className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-navy-700 text-sm group-hover:text-amber-700">
                Learn more <ArrowRight aria-hidden size={15} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Tombstones of closed transactions: the ones marketing picked, then every sold assignment's. */
export function TombstoneGrid({ tombstones }: { tombstones: Tombstone[] }) {
  if (tombstones.length === 0) {
    return <p className="mx-auto max-w-7xl px-6 py-14 text-slate-650">No tombstones to show yet.</p>;
  }
  return (
    <section aria-label="Closed transactions" className="bg-navy-50 py-12">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 sm:grid-cols-3 sm:gap-6 sm:px-6 lg:grid-cols-4">
        {tombstones.map((tombstone, index) => (
          <li key={tombstone.key} className="tombstone">
            <figure className="overflow-hidden rounded-card bg-white p-1 shadow-card">
              {tombstone.file ? (
                <ContentImage
                  file={tombstone.file}
                  widths={[256, 384, 640]}
                  sizes="(min-width: 1280px) 300px, (min-width: 1000px) 25vw, (min-width: 600px) 33vw, 50vw"
                  alt={tombstone.title}
                  quality={85}
                  loading={index < 4 ? "eager" : "lazy"}
                  className="block aspect-square h-auto w-full object-contain"
                />
              ) : (
                <img
                  src={tombstone.src}
                  alt={tombstone.title}
                  width={TOMBSTONE_SIZE.width}
                  height={TOMBSTONE_SIZE.height}
                  loading={index < 4 ? "eager" : "lazy"}
                  decoding="async"
                  className="block aspect-square h-auto w-full object-contain"
                />
              )}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TombstonesHeader({ book, count }: { book: Pitchbook; count: number }) {
  return (
    <header className="bg-navy-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-6 py-12 md:flex-row md:items-end md:justify-between md:py-16">
        <div>
          <p className="font-semibold text-amber-500 text-sm uppercase tracking-[0.16em]">
            Pitchbook · {count.toLocaleString("en-US")} transactions
          </p>
          <h1 className="mt-2 font-bold text-3xl sm:text-5xl">{book.title}</h1>
          {book.description ? (
            <p className="mt-5 max-w-2xl text-lg text-navy-100 sm:text-xl">{book.description}</p>
          ) : null}
        </div>
        {book.pdf ? <PdfDownloadLink title={book.title} file={book.pdf} /> : null}
      </div>
    </header>
  );
}
