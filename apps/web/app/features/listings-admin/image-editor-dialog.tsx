import {
  type AdminListingPictures,
  CANCEL_IMAGE_CHANGE,
  CONFIRM_IMAGE_UPLOAD,
  CONFIRM_REMOVE_IMAGE,
  IMAGE_ERROR,
  imageRemoved,
  imageUploaded,
  LISTING_IMAGE_KINDS,
  LISTING_IMAGE_SOURCES,
  type ListingImageSource,
  listingImageDownloadName,
  noImageUploaded,
} from "@aea/domain";
import { Download, ImageUp, LoaderCircle, RotateCcw, Trash2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";

type Loaded = { state: "loading" } | { state: "error" } | { state: "ready"; details: AdminListingPictures };

/** The answer of one of the Advisors image calls: the listing's pictures, or who must act. */
type CallResult =
  | { ok: true; details: AdminListingPictures }
  | { ok: false; status: number; message?: string };

async function call(url: string, init?: RequestInit): Promise<CallResult> {
  try {
    const response = await fetch(url, { ...init, headers: { accept: "application/json" } });
    const body = (await response.json().catch(() => ({}))) as AdminListingPictures & { message?: string };
    return response.ok
      ? { ok: true, details: body }
      : { ok: false, status: response.status, message: body.message };
  } catch {
    return { ok: false, status: 0 };
  }
}

/**
 * The per-listing image editor (spec §2 dialogs, §3 listing image slot, §4 image editing, §8): tabs
 * Change Cover Image, Change Box Logo and Change Tombstone, each showing the current picture, a new
 * one chosen with its preview (Confirm Image Upload or Cancel), or the picture marked for removal
 * (Confirm Remove Image or Cancel). It reads and writes through the Advisors and Admin APIs; a 401
 * there means the session ended, and `onUnauthorized` opens the login modal.
 */
export function ImageEditorDialog({
  listingId,
  open,
  onOpenChange,
  onChanged,
  onUnauthorized,
}: {
  listingId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After an upload or removal: the page shows the new pictures. */
  onChanged?(details: AdminListingPictures): void;
  onUnauthorized(): void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Retry trigger.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoaded({ state: "loading" });
    void call(`/api/Admin/GetAdminDealDetails?listingId=${listingId}`).then((result) => {
      if (!current) return;
      if (result.ok) setLoaded({ state: "ready", details: result.details });
      else if (result.status === 401) {
        onOpenChange(false);
        onUnauthorized();
      } else setLoaded({ state: "error" });
    });
    return () => {
      current = false;
    };
  }, [open, listingId, attempt]);

  const changed = (details: AdminListingPictures) => {
    setLoaded({ state: "ready", details });
    onChanged?.(details);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      width={640}
      title={loaded.state === "ready" ? `Images: ${loaded.details.Header}` : "Images"}
      description={`Listing #${listingId}`}
    >
      {loaded.state === "loading" ? (
        <p className="mt-6 flex items-center gap-2 text-slate-650">
          <LoaderCircle aria-hidden size={18} className="animate-spin" /> Loading the images…
        </p>
      ) : loaded.state === "error" ? (
        <div className="mt-6 space-y-3">
          <Alert tone="error">{IMAGE_ERROR}</Alert>
          <button type="button" className={buttonStyles.secondary} onClick={() => setAttempt((n) => n + 1)}>
            <RotateCcw aria-hidden size={16} /> Try again
          </button>
        </div>
      ) : (
        <Tabs.Root defaultValue="Cover" className="mt-5">
          <Tabs.List aria-label="Which image" className="flex gap-1 overflow-x-auto border-navy-100 border-b">
            {LISTING_IMAGE_SOURCES.map((source) => (
              <Tabs.Trigger
                key={source}
                value={source}
                className="-mb-px shrink-0 whitespace-nowrap rounded-t-md border border-transparent px-3 py-2 font-medium text-slate-650 text-sm hover:text-navy-900 data-[state=active]:border-navy-100 data-[state=active]:border-b-white data-[state=active]:bg-white data-[state=active]:text-navy-900"
              >
                {LISTING_IMAGE_KINDS[source].tab}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {LISTING_IMAGE_SOURCES.map((source) => (
            <Tabs.Content key={source} value={source} className="pt-4 focus-visible:outline-2">
              <ImageSlot
                source={source}
                details={loaded.details}
                onChanged={changed}
                onUnauthorized={() => {
                  onOpenChange(false);
                  onUnauthorized();
                }}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Dialog>
  );
}

type Slot = { state: "unchanged" } | { state: "new"; file: File; preview: string } | { state: "remove" };

function ImageSlot({
  source,
  details,
  onChanged,
  onUnauthorized,
}: {
  source: ListingImageSource;
  details: AdminListingPictures;
  onChanged(details: AdminListingPictures): void;
  onUnauthorized(): void;
}) {
  const kind = LISTING_IMAGE_KINDS[source];
  const url = details[kind.urlField];
  const [slot, setSlot] = useState<Slot>({ state: "unchanged" });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  // A picture that fails to load is treated as none (spec §8: a broken cover shows 'No Cover Image Uploaded').
  const [broken, setBroken] = useState<string | null>(null);
  const shown = url && broken !== url ? url : null;

  useEffect(() => () => (slot.state === "new" ? URL.revokeObjectURL(slot.preview) : undefined), [slot]);

  const finish = (result: CallResult, success: string) => {
    setBusy(false);
    if (result.ok) {
      setSlot({ state: "unchanged" });
      setMessage({ tone: "success", text: success });
      onChanged(result.details);
    } else if (result.status === 401) onUnauthorized();
    else
      setMessage({ tone: "error", text: result.message ? `${IMAGE_ERROR}: ${result.message}` : IMAGE_ERROR });
  };

  const upload = async (file: File) => {
    setBusy(true);
    const body = new FormData();
    body.append("file", file);
    finish(
      await call(`/api/Advisors/Update${source}Image?listingId=${details.ListingId}`, {
        method: "POST",
        body,
      }),
      imageUploaded(source),
    );
  };
  const remove = async () => {
    setBusy(true);
    finish(
      await call(`/api/Advisors/Clear${source}Image?listingId=${details.ListingId}`, { method: "POST" }),
      imageRemoved(source),
    );
  };

  const frame = source === "Cover" ? "aspect-video w-full" : "aspect-square w-48 max-w-full";
  return (
    <div className="space-y-4">
      <figure
        className={`${frame} flex items-center justify-center overflow-hidden rounded-card border border-navy-100 bg-navy-50`}
      >
        {slot.state === "new" ? (
          <img
            src={slot.preview}
            alt={`${source} chosen for upload (preview)`}
            className="h-full w-full object-contain"
          />
        ) : shown ? (
          <img
            src={shown}
            alt={`${source} as the listing shows it now`}
            className={`h-full w-full object-contain ${slot.state === "remove" ? "opacity-30 grayscale" : ""}`}
            onError={() => setBroken(shown)}
          />
        ) : (
          <figcaption className="px-4 text-center font-medium text-slate-650">
            {noImageUploaded(source)}
          </figcaption>
        )}
      </figure>
      <p className="text-slate-650 text-xs">
        {kind.fit === "cover" ? "Cropped to" : "Fitted into"} {kind.width}×{kind.height} px. JPEG, PNG, WebP,
        GIF or AVIF, at most 10 MB.
      </p>

      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}

      {slot.state === "unchanged" ? (
        <div className="flex flex-wrap gap-2">
          <label
            className={`${buttonStyles.primary} cursor-pointer focus-within:outline-2 focus-within:outline-amber-600`}
          >
            <ImageUp aria-hidden size={16} /> Choose {source.toLowerCase()} image
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className="sr-only"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = "";
                if (!file) return;
                setMessage(null);
                setSlot({ state: "new", file, preview: URL.createObjectURL(file) });
              }}
            />
          </label>
          {shown ? (
            <>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => {
                  setMessage(null);
                  setSlot({ state: "remove" });
                }}
              >
                <Trash2 aria-hidden size={16} /> Remove {source.toLowerCase()} image
              </button>
              <a
                className={buttonStyles.secondary}
                href={shown}
                download={listingImageDownloadName(details, source)}
              >
                <Download aria-hidden size={16} /> Download
              </a>
            </>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void (slot.state === "new" ? upload(slot.file) : remove())}
          >
            {busy ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : null}
            {slot.state === "new" ? CONFIRM_IMAGE_UPLOAD : CONFIRM_REMOVE_IMAGE}
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy}
            onClick={() => setSlot({ state: "unchanged" })}
          >
            {CANCEL_IMAGE_CHANGE}
          </button>
        </div>
      )}
    </div>
  );
}
