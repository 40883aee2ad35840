import { ArrowLeft, ArrowRight, FileText, LoaderCircle, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { FieldError } from "../../components/ui/field-error";
import { describedBy, fieldStyles } from "../../components/ui/field-styles";
import { controlNames, useEditor } from "./editor-context";
import { assetUrl, type FileInfo, isImage } from "./file-info";
import { FocalPointPicker } from "./focal-point-picker";
import { FILE_TITLE_PREFIX, type FieldControlProps, UPLOAD_PREFIX } from "./form-values";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff,application/pdf";

/** Sends one file to the editor's file door; the answer is the stored file or the reason it was refused. */
export async function uploadFile(file: File): Promise<{ file: FileInfo } | { message: string }> {
  const body = new FormData();
  body.set("intent", "upload");
  body.set("file", file);
  try {
    const response = await fetch("/admin/content/files", { method: "POST", body });
    const answer = (await response.json()) as { file?: FileInfo; message?: string };
    if (response.ok && answer.file) return { file: answer.file };
    return { message: answer.message ?? "The upload failed." };
  } catch {
    return { message: "The upload failed: the connection was lost." };
  }
}

function Thumbnail({ file, size }: { file: FileInfo; size: number }) {
  if (!isImage(file)) {
    return (
      <a
        href={`/assets/${file.id}`}
        target="_blank"
        rel="noreferrer"
        className="flex items-center justify-center rounded-md border border-navy-100 bg-navy-50 text-navy-700"
        style={{ width: size, height: Math.round(size * 0.75) }}
      >
        <FileText aria-hidden size={28} />
        <span className="sr-only">Open {file.filename}</span>
      </a>
    );
  }
  const height = Math.round(((file.height ?? 1) / (file.width ?? 1)) * size);
  return (
    <img
      src={assetUrl(file, { width: size * 2, fit: "inside", format: "auto", quality: 80 })}
      alt={file.title ?? file.filename}
      loading="lazy"
      width={size}
      height={Math.min(height, size * 2)}
      className="rounded-md border border-navy-100 bg-[repeating-conic-gradient(#e3ebf5_0_25%,white_0_50%)] bg-[length:16px_16px] object-contain"
      style={{ width: size, height: Math.min(height, size * 2) }}
    />
  );
}

/** The file's title (a client's name, a case history's caption), saved with the form. */
function FileTitle({ file, compact = false }: { file: FileInfo; compact?: boolean }) {
  const { putFile } = useEditor();
  const id = `file-title-${file.id}`;
  return (
    <div className={compact ? "" : "max-w-[200px]"}>
      <label htmlFor={id} className={compact ? "sr-only" : "block text-slate-650 text-xs"}>
        File title{compact ? ` of ${file.filename}` : ""}
      </label>
      <input
        id={id}
        name={`${FILE_TITLE_PREFIX}${file.id}`}
        value={file.title ?? ""}
        maxLength={200}
        placeholder="Title"
        onChange={(event) => putFile({ ...file, title: event.target.value })}
        className="mt-0.5 block w-full rounded border border-slate-300 px-1.5 py-1 text-navy-900 text-xs focus:border-navy-600 focus:outline-2 focus:outline-amber-600"
      />
    </div>
  );
}

/**
 * The upload button: a label around a hidden file input. With JavaScript the picked files go up at
 * once; without, the input is named so the files go with the form's post.
 */
function UploadControl({
  id,
  name,
  busy,
  describedBy,
  invalid = false,
  multiple = false,
  onPick,
  className,
  children,
}: {
  id: string;
  name: string;
  busy: boolean;
  describedBy: string | undefined;
  invalid?: boolean;
  multiple?: boolean;
  onPick(event: ChangeEvent<HTMLInputElement>): void;
  className?: string;
  children: ReactNode;
}) {
  const { hydrated } = useEditor();
  return (
    <label
      htmlFor={id}
      className={`${className ? `${className} ` : ""}inline-flex cursor-pointer items-center gap-2 rounded-md border border-navy-100 bg-white px-3 py-2 font-medium text-navy-800 text-sm focus-within:outline-2 focus-within:outline-amber-600 hover:bg-navy-50`}
    >
      {busy ? (
        <LoaderCircle aria-hidden size={16} className="animate-spin" />
      ) : (
        <Upload aria-hidden size={16} />
      )}
      {children}
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={ACCEPT}
        name={hydrated ? undefined : `${UPLOAD_PREFIX}${name}`}
        onChange={onPick}
        disabled={busy}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        className="sr-only"
      />
    </label>
  );
}

const describe = (file: FileInfo) =>
  [file.filename, file.width && file.height ? `${file.width}×${file.height}` : null]
    .filter(Boolean)
    .join(" · ");

/** One file: a preview, an upload control (immediate with JavaScript, with the form's post without) and the focal point. */
export function FileField({ field, path, value }: FieldControlProps) {
  const { set, files, putFile, errors, hydrated } = useEditor();
  const { name, id } = controlNames(path);
  const hintId = useId();
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const fileId = typeof value === "string" && value ? value : null;
  const file = fileId ? files[fileId] : undefined;
  const error = state.message ?? errors[name];

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (!hydrated || !picked) return;
    setState({ busy: true });
    const result = await uploadFile(picked);
    event.target.value = "";
    if ("message" in result) return setState({ busy: false, message: result.message });
    putFile(result.file);
    set(path, result.file.id);
    setState({ busy: false });
  };

  return (
    <fieldset className="min-w-0">
      <legend className={fieldStyles.label}>{field.label}</legend>
      <input type="hidden" name={name} value={fileId ?? ""} />
      <div className="mt-2 flex flex-wrap items-start gap-4">
        {file ? (
          <div className="flex flex-col gap-1">
            <Thumbnail file={file} size={200} />
            <span className="max-w-[200px] truncate text-slate-650 text-xs">{describe(file)}</span>
            <FileTitle file={file} />
          </div>
        ) : fileId ? (
          <p className="text-slate-650 text-sm">File {fileId} (not found)</p>
        ) : (
          <p className="text-slate-650 text-sm">No file.</p>
        )}
        <div className="flex flex-col gap-2">
          <UploadControl
            id={id}
            name={name}
            busy={state.busy}
            describedBy={describedBy(hintId, error && `${id}-error`)}
            invalid={Boolean(error)}
            onPick={onPick}
          >
            {file ? "Replace file" : "Upload a file"}
            <span className="sr-only"> for {field.label}</span>
          </UploadControl>
          {hydrated && fileId ? (
            <button
              type="button"
              onClick={() => set(path, null)}
              className="inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-negative text-sm hover:bg-negative/5"
            >
              <Trash2 aria-hidden size={16} /> Remove<span className="sr-only"> {field.label}</span>
            </button>
          ) : null}
          <p id={hintId} className={fieldStyles.hint}>
            {[field.note, "JPEG, PNG, WebP, AVIF, GIF, TIFF or PDF, up to 10 MB."]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {hydrated && file && isImage(file) ? <FocalPointPicker file={file} onSaved={putFile} /> : null}
    </fieldset>
  );
}

/** An ordered list of files (client logos, tombstones): thumbnails that move and go, and an upload for more. */
export function FilesField({ field, path, value }: FieldControlProps) {
  const { set, files, putFile, errors, hydrated } = useEditor();
  const { name, id } = controlNames(path);
  const ids = Array.isArray(value) ? value.map(String) : [];
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const error =
    state.message ?? errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1];

  const move = (from: number, to: number) => {
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    set(path, next);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    if (!hydrated || picked.length === 0) return;
    setState({ busy: true });
    const added: string[] = [];
    const refused: string[] = [];
    for (const file of picked) {
      const result = await uploadFile(file);
      if ("message" in result) refused.push(`${file.name}: ${result.message}`);
      else {
        putFile(result.file);
        added.push(result.file.id);
      }
    }
    event.target.value = "";
    set(path, [...ids, ...added]);
    setState({ busy: false, message: refused.length ? refused.join(" ") : undefined });
  };

  return (
    <fieldset className="min-w-0">
      <legend className={fieldStyles.label}>
        {field.label} <span className="font-normal text-slate-650">({ids.length})</span>
      </legend>
      {field.note ? <p className={fieldStyles.hint}>{field.note}</p> : null}
      <ol className="mt-2 flex flex-wrap gap-3">
        {ids.map((fileId, index) => {
          const file = files[fileId];
          const title = file?.title ?? file?.filename ?? fileId;
          return (
            <li
              key={fileId}
              className="flex w-[128px] flex-col gap-1 rounded-md border border-navy-100 p-1.5"
            >
              <input type="hidden" name={name} value={fileId} />
              {file ? <Thumbnail file={file} size={112} /> : <span className="text-xs">Missing file</span>}
              {file ? <FileTitle file={file} compact /> : null}
              {hydrated ? (
                <span className="flex justify-between">
                  <button
                    type="button"
                    className="rounded p-1 hover:bg-navy-50 disabled:opacity-30"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`Move ${title} earlier`}
                  >
                    <ArrowLeft aria-hidden size={15} />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 text-negative hover:bg-negative/5"
                    onClick={() =>
                      set(
                        path,
                        ids.filter((_, i) => i !== index),
                      )
                    }
                    aria-label={`Remove ${title}`}
                  >
                    <Trash2 aria-hidden size={15} />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 hover:bg-navy-50 disabled:opacity-30"
                    disabled={index === ids.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Move ${title} later`}
                  >
                    <ArrowRight aria-hidden size={15} />
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <UploadControl
        id={id}
        name={name}
        busy={state.busy}
        describedBy={error ? `${id}-error` : undefined}
        multiple
        onPick={onPick}
        className="mt-3"
      >
        Add files<span className="sr-only"> to {field.label}</span>
      </UploadControl>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
