import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Draws a (watermarked) PDF's pages with pdf.js, page by page as they scroll into view. Loaded only
 * when a PDF is previewed; the worker is a built asset of this site (CSP worker-src 'self').
 */
export default function PdfViewer({
  url,
  title,
  startPage = 1,
  onPagesSeen,
}: {
  url: string;
  title: string;
  /** The page scrolled to once the document is open (a search hit's page). */
  startPage?: number;
  /** Told how many distinct pages were drawn, when the viewer closes or the page is left. */
  onPagesSeen?: (pages: number) => void;
}) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [error, setError] = useState<string>();
  const pages = useRef<HTMLDivElement>(null);
  const seen = useRef(new Set<number>());
  const report = useRef(onPagesSeen);
  report.current = onPagesSeen;

  // The pages shown count once per preview: reported when it closes, or when the tab goes away with it open.
  useEffect(() => {
    const pages = seen.current;
    const flush = () => {
      if (pages.size > 0) report.current?.(pages.size);
      pages.clear();
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);

  useEffect(() => {
    const task = getDocument({ url, withCredentials: true });
    task.promise.then(setPdf, () => setError("The document could not be shown. Try downloading it instead."));
    return () => {
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!pdf || startPage <= 1) return;
    // Every page holds its place before it is drawn, so the page is where it will stay.
    const target = pages.current?.querySelector(`[data-page="${Math.min(startPage, pdf.numPages)}"]`);
    target?.scrollIntoView({ block: "start" });
  }, [pdf, startPage]);

  if (error)
    return (
      <p role="alert" className="text-negative">
        {error}
      </p>
    );
  if (!pdf)
    return (
      <p className="text-slate-650" aria-live="polite">
        Loading the document…
      </p>
    );
  return (
    <div
      ref={pages}
      className="flex flex-col items-center gap-4"
      data-testid="pdf-pages"
      data-pages={pdf.numPages}
    >
      {Array.from({ length: pdf.numPages }, (_, n) => n + 1).map((pageNumber) => (
        <PdfPage
          key={pageNumber}
          pdf={pdf}
          pageNumber={pageNumber}
          label={`${title}, page ${pageNumber} of ${pdf.numPages}`}
          onDrawn={() => seen.current.add(pageNumber)}
        />
      ))}
    </div>
  );
}

function PdfPage({
  pdf,
  pageNumber,
  label,
  onDrawn,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  label: string;
  onDrawn: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cancelled = false;
    let render: { cancel(): void } | undefined;
    const observer = new IntersectionObserver(async ([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const width = Math.min(element.parentElement?.clientWidth ?? 800, 900);
      const viewport = page.getViewport({
        scale: (width / page.getViewport({ scale: 1 }).width) * devicePixelRatio,
      });
      element.width = viewport.width;
      element.height = viewport.height;
      element.style.width = `${viewport.width / devicePixelRatio}px`;
      element.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
      const task = page.render({ canvas: element, viewport });
      render = task;
      await task.promise.then(
        () => {
          // Marked on the element too, so a test can wait for a page to be drawn rather than sized.
          element.dataset.drawn = "true";
          drawn.current();
        },
        () => undefined,
      );
    });
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      render?.cancel();
    };
  }, [pdf, pageNumber]);
  return (
    <canvas
      ref={canvas}
      data-page={pageNumber}
      role="img"
      aria-label={label}
      className="max-w-full border border-navy-100 bg-white shadow-sm"
      width={612}
      height={792}
      style={{ aspectRatio: "612 / 792" }}
    />
  );
}
