import { DATA_ROOM_TEXTS, formatFileSize, UPLOADS_PATH } from "@aea/domain";
import {
  CircleCheck,
  CircleExclamationPoint,
  FolderUp,
  Pause,
  Play,
  Upload as UploadIcon,
} from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import type { Upload } from "tus-js-client";
import { buttonStyles } from "../../components/ui/button-styles";
import { filesOfDrop, filesOfInput, isRefusal, type QueuedFile, uploadErrorMessage } from "./upload-queue";

/** Where an upload goes: a data room's folder (staff) or the firm's Secure Files. */
export type UploadTarget =
  | { target: "data-room"; listingId: number; folderId: number }
  | { target: "secure-files" };

interface UploaderProps {
  destination: UploadTarget;
  maxFileMb: number;
  /** Told after each file the server has filed, so the page can show it. */
  onFiled(): void;
  /** The drop area's heading. */
  label: string;
}

/** Parts small enough that each request ends well within the server's request timeout. */
const CHUNK_BYTES = 8 * 1024 * 1024;
const PARALLEL = 2;

/**
 * Drag and drop of files and whole folders (or the two pickers), sent with the tus protocol: a
 * progress bar per file and in total, an error per file in plain words, and Pause/Resume that goes on
 * from the last byte the server holds (also after a dropped connection or a reload). The tus client is
 * loaded on the first file, not with the page.
 */
export function Uploader({ destination, maxFileMb, onFiled, label }: UploaderProps) {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const uploads = useRef(new Map<string, Upload>());
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const onFiledRef = useRef(onFiled);
  onFiledRef.current = onFiled;

  const update = (key: string, change: Partial<QueuedFile>) =>
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  // Folder pickers are not in React's input attributes: set them on the element.
  useEffect(() => {
    folderInput.current?.setAttribute("webkitdirectory", "");
    folderInput.current?.setAttribute("directory", "");
  }, []);

  const start = async (item: QueuedFile) => {
    const existing = uploads.current.get(item.key);
    if (existing) {
      update(item.key, { state: "uploading", error: undefined });
      existing.start();
      return;
    }
    const { Upload: TusUpload } = await import("tus-js-client");
    const metadata: Record<string, string> = {
      ...Object.fromEntries(Object.entries(destination).map(([k, v]) => [k, String(v)])),
      filename: item.file.name,
      filetype: item.file.type,
      relativePath: item.relativePath,
    };
    const upload = new TusUpload(item.file, {
      endpoint: UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000],
      metadata,
      removeFingerprintOnSuccess: true,
      onProgress: (sent) => update(item.key, { sent }),
      onSuccess: () => {
        update(item.key, { state: "done", sent: item.file.size });
        uploads.current.delete(item.key);
        onFiledRef.current();
        pump();
      },
      onError: (error) => {
        // A refusal (the file's type, size or name) cannot be resumed; a lost connection can.
        if (isRefusal(error)) uploads.current.delete(item.key);
        update(item.key, { state: "failed", error: uploadErrorMessage(error) });
        pump();
      },
    });
    uploads.current.set(item.key, upload);
    update(item.key, { state: "uploading" });
    // Goes on from an earlier attempt of the same file (a reload mid-upload) when the server has it.
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  };

  // Starts waiting files while fewer than PARALLEL are under way.
  const pump = () =>
    setQueue((items) => {
      const running = items.filter((i) => i.state === "uploading").length;
      const next = items.filter((i) => i.state === "waiting").slice(0, Math.max(0, PARALLEL - running));
      for (const item of next) void start(item);
      return items.map((i) => (next.includes(i) ? { ...i, state: "uploading" } : i));
    });

  const add = (files: Array<{ file: File; relativePath: string }>) => {
    const added = files.map(({ file, relativePath }, n): QueuedFile => {
      const key = `${Date.now()}-${n}-${relativePath}`;
      const tooLarge = file.size > maxFileMb * 1024 * 1024;
      const error =
        file.size === 0
          ? DATA_ROOM_TEXTS.emptyFile
          : tooLarge
            ? DATA_ROOM_TEXTS.tooLarge(maxFileMb)
            : undefined;
      return { key, file, relativePath, sent: 0, state: error ? "failed" : "waiting", error };
    });
    setQueue((items) => [...items.filter((i) => i.state !== "done"), ...added]);
    setTimeout(pump, 0);
  };

  const pause = (item: QueuedFile) => {
    void uploads.current.get(item.key)?.abort();
    update(item.key, { state: "paused" });
  };

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = await filesOfDrop(event.dataTransfer.items);
    add(dropped.length ? dropped : filesOfInput(event.dataTransfer.files));
  };

  const total = queue.reduce((sum, item) => sum + item.file.size, 0);
  const sent = queue.reduce((sum, item) => sum + (item.state === "done" ? item.file.size : item.sent), 0);
  const active = queue.filter((item) => item.state !== "failed");

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-navy-100 bg-white p-4">
      <h2 id={headingId} className="font-semibold text-navy-900">
        {label}
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop area is an extra way in; the two buttons inside are the keyboard way */}
      <div
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-3 flex flex-col items-center gap-3 rounded-card border-2 border-dashed px-4 py-6 text-center transition-colors ${dragging ? "border-amber-500 bg-amber-100" : "border-navy-100 bg-navy-50"}`}
      >
        <UploadIcon aria-hidden className="text-navy-600" size={28} />
        <p className="text-slate-650 text-sm">
          Drop files or whole folders here, or choose them. Up to {formatFileSize(maxFileMb * 1024 * 1024)} a
          file; an interrupted upload goes on where it stopped.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => filesInput.current?.click()}
          >
            <UploadIcon aria-hidden size={16} /> Choose files
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => folderInput.current?.click()}
          >
            <FolderUp aria-hidden size={16} /> Choose a folder
          </button>
        </div>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(event) => {
            if (event.target.files) add(filesOfInput(event.target.files));
            event.target.value = "";
          }}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label="Folder to upload"
          onChange={(event) => {
            if (event.target.files) add(filesOfInput(event.target.files));
            event.target.value = "";
          }}
        />
      </div>

      {queue.length > 0 ? (
        <div className="mt-4">
          <div className="flex items-center justify-between text-sm">
            <span id={`${headingId}-total`} className="font-medium text-navy-900">
              Total: {active.filter((i) => i.state === "done").length} of {active.length} files
            </span>
            <span className="text-slate-650 tabular-nums">
              {formatFileSize(sent)} of {formatFileSize(total)}
            </span>
          </div>
          <progress
            aria-labelledby={`${headingId}-total`}
            className="upload-progress mt-1 h-2 w-full"
            max={Math.max(total, 1)}
            value={sent}
          />
          <ul className="mt-3 divide-y divide-navy-100" aria-label="Uploads">
            {queue.map((item) => (
              <li key={item.key} className="py-2" data-testid="upload-row" data-state={item.state}>
                <div className="flex items-center gap-2 text-sm">
                  {item.state === "done" ? (
                    <CircleCheck aria-hidden size={16} className="shrink-0 text-positive" />
                  ) : item.state === "failed" ? (
                    <CircleExclamationPoint aria-hidden size={16} className="shrink-0 text-negative" />
                  ) : null}
                  <span className="min-w-0 flex-1 truncate" title={item.relativePath}>
                    {item.relativePath}
                  </span>
                  <span className="text-slate-650 tabular-nums">
                    {item.state === "done"
                      ? "Uploaded"
                      : item.state === "failed"
                        ? "Not uploaded"
                        : `${Math.floor((item.sent / Math.max(item.file.size, 1)) * 100)}%`}
                  </span>
                  {item.state === "uploading" ? (
                    <button
                      type="button"
                      onClick={() => pause(item)}
                      className="rounded p-1 text-slate-650 hover:bg-navy-50"
                      aria-label={`Pause ${item.file.name}`}
                    >
                      <Pause aria-hidden size={16} />
                    </button>
                  ) : null}
                  {item.state === "paused" || (item.state === "failed" && uploads.current.has(item.key)) ? (
                    <button
                      type="button"
                      onClick={() => void start(item)}
                      className="rounded p-1 text-slate-650 hover:bg-navy-50"
                      aria-label={`Resume ${item.file.name}`}
                    >
                      <Play aria-hidden size={16} />
                    </button>
                  ) : null}
                </div>
                {item.state !== "failed" ? (
                  <progress
                    aria-label={`${item.file.name} progress`}
                    className="upload-progress mt-1 h-1.5 w-full"
                    max={Math.max(item.file.size, 1)}
                    value={item.state === "done" ? item.file.size : item.sent}
                  />
                ) : (
                  <p role="alert" className="mt-1 text-negative text-sm">
                    {item.error}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
