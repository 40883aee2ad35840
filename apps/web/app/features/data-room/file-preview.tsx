import { dataRoomFilePath, dataRoomPreviewPath, fileKind } from "@aea/domain";
import { Download } from "lucide-react";
import { lazy, Suspense } from "react";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { reportPagesViewed } from "./api";

const PdfViewer = lazy(() => import("./pdf-viewer"));

/** A file shown in the browser without a download: PDFs stamped for the viewer (pdf.js), images as they are. */
export function FilePreview({
  listingId,
  file,
  onClose,
}: {
  listingId: number;
  /** `page`: the PDF page to show first (a search hit's). */
  file: { id: number; name: string; page?: number } | undefined;
  onClose(): void;
}) {
  return (
    <Dialog
      open={file !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={file?.name ?? ""}
      width={960}
    >
      {file ? (
        <div className="mt-4">
          <div className="mb-3 flex justify-end">
            <a href={dataRoomFilePath(listingId, file.id)} download className={buttonStyles.secondary}>
              <Download aria-hidden size={16} /> Download
            </a>
          </div>
          {/* Focusable so keyboard users can scroll the pages. */}
          <section
            aria-label={`Preview of ${file.name}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            className="max-h-[70vh] overflow-y-auto rounded-card bg-navy-50 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-navy-600"
          >
            {fileKind(file.name) === "pdf" ? (
              <Suspense fallback={<p className="text-slate-650">Loading the viewer…</p>}>
                <PdfViewer
                  url={dataRoomPreviewPath(listingId, file.id)}
                  title={file.name}
                  startPage={file.page ?? 1}
                  onPagesSeen={(pages) => reportPagesViewed(listingId, file.id, pages)}
                />
              </Suspense>
            ) : (
              <img
                src={dataRoomPreviewPath(listingId, file.id)}
                alt={file.name}
                className="mx-auto max-w-full"
              />
            )}
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}
