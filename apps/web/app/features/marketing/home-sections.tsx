import {
  CASE_HISTORY_CAROUSEL,
  CURRENT_DEALS_CAROUSEL,
  LEARN_MORE,
  LOGO_THUMBNAIL_SIZE,
  TECHNICAL_SERVICES,
} from "@aea/domain";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Carousel } from "../../components/ui/carousel";
import type { ContentFile } from "../../lib/content/assets";
import { ContentImage } from "../../lib/content/content-image";

export const CLIENTS_TITLE = "Our Clients";
export const CASE_HISTORIES_TITLE = "Case Histories";
export const TECHNICAL_SERVICES_HREF = "/pitchbooks/capabilities-pitchbook";

/** A band of the home page under a centred heading; wide bands run to 1920px (the carousels). */
export function HomeSection({
  id,
  title,
  className,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  className: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`render-when-near ${className}`}>
      <div className={`mx-auto ${wide ? "max-w-[1920px]" : "max-w-7xl"} px-6`}>
        <h2 id={id} className="text-center font-bold text-2xl text-navy-900 sm:text-3xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Client logos, as many to a view as the deal logos (both are 150px thumbnails, spec §9). */
export function ClientLogos({ logos }: { logos: ContentFile[] }) {
  if (logos.length === 0) return null;
  return (
    <HomeSection
      id="clients-title"
      title={CLIENTS_TITLE}
      className="bg-white py-14 [--near-height:330px]"
      wide
    >
      <Carousel
        label="Client logos"
        className="mt-8"
        {...CURRENT_DEALS_CAROUSEL}
        slides={logos.map((logo) => (
          <figure key={logo.id} className="mx-2 flex flex-col items-center" title={logo.title}>
            <ContentImage
              file={logo}
              widths={[256, 384]}
              sizes={`${LOGO_THUMBNAIL_SIZE.width}px`}
              aspect={LOGO_THUMBNAIL_SIZE}
              quality={85}
              className="h-auto w-full max-w-[150px] object-contain"
            />
          </figure>
        ))}
      />
    </HomeSection>
  );
}

/** Pictures of past sales with their titles; the whole carousel is hidden under 600px (spec §2). */
export function CaseHistories({ images }: { images: ContentFile[] }) {
  if (images.length === 0) return null;
  return (
    <HomeSection
      id="case-histories-title"
      title={CASE_HISTORIES_TITLE}
      className="hidden bg-navy-50 py-14 [--near-height:450px] sm:block"
      wide
    >
      <Carousel
        label="Case history pictures"
        className="mt-8"
        {...CASE_HISTORY_CAROUSEL}
        slides={images.map((image) => (
          <figure
            key={image.id}
            className="mx-2 overflow-hidden rounded-card bg-white shadow-card"
            title={image.title}
          >
            <ContentImage
              file={image}
              widths={[384, 640, 768]}
              sizes="(min-width: 1600px) 20vw, (min-width: 1200px) 25vw, (min-width: 1000px) 33vw, (min-width: 768px) 50vw, 100vw"
              aspect={{ width: 600, height: 400 }}
              alt=""
              className="block aspect-[3/2] h-auto w-full object-cover"
            />
            <figcaption className="px-4 py-3 font-semibold text-navy-900 text-sm">{image.title}</figcaption>
          </figure>
        ))}
      />
    </HomeSection>
  );
}

export function TechnicalServices({ image }: { image: ContentFile | null }) {
  return (
    <section aria-labelledby="technical-services-title" className="render-when-near bg-white py-16">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-6 md:grid-cols-2">
        {image ? (
          <ContentImage
            file={image}
            widths={[400, 640, 800]}
            sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            alt={image.title}
            className="h-auto w-full rounded-card shadow-card"
          />
        ) : null}
        <div className={image ? "" : "md:col-span-2 md:text-center"}>
          <p className="font-semibold text-amber-700 text-sm uppercase tracking-[0.16em]">
            Engineering · Geology · Economics
          </p>
          <h2 id="technical-services-title" className="mt-2 font-bold text-2xl text-navy-900 sm:text-3xl">
            {TECHNICAL_SERVICES}
          </h2>
          <p className="mt-4 text-lg text-slate-650">
            Reserve reports, type curves, decline analysis and PV10 economics from our in-house engineers and
            geologists, so buyers bid with confidence and sellers close at value.
          </p>
          <Link
            to={TECHNICAL_SERVICES_HREF}
            className="mt-6 inline-flex items-center gap-2 rounded-md bg-navy-800 px-5 py-3 font-semibold text-white hover:bg-navy-700"
          >
            {LEARN_MORE} <ArrowRight aria-hidden size={18} />
            <span className="sr-only">about {TECHNICAL_SERVICES}</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
