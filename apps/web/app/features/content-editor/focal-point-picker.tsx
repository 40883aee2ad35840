import { Crosshair } from "lucide-react";
import { type MouseEvent, useId, useState } from "react";
import { assetUrl, type FileInfo } from "./file-info";

async function saveFocalPoint(file: FileInfo, point: { x: number; y: number } | null) {
  const body = new FormData();
  body.set("intent", "focal");
  body.set("id", file.id);
  if (point) {
    body.set("x", String(point.x));
    body.set("y", String(point.y));
  } else body.set("clear", "true");
  const response = await fetch("/admin/content/files", { method: "POST", body });
  const answer = (await response.json()) as { file?: FileInfo; message?: string };
  if (!response.ok || !answer.file) throw new Error(answer.message ?? "The focal point was not saved.");
  return answer.file;
}

/**
 * The point of an image that cover crops keep in view (`/assets/{id}?fit=cover`): click it on the
 * picture, or set it with the two sliders, then save. It belongs to the file, so every item showing
 * the file crops the same way. Two crops below show the effect of the saved point.
 */
export function FocalPointPicker({ file, onSaved }: { file: FileInfo; onSaved(file: FileInfo): void }) {
  const width = file.width ?? 1;
  const height = file.height ?? 1;
  const saved =
    file.focalPointX !== null && file.focalPointY !== null
      ? { x: file.focalPointX, y: file.focalPointY }
      : null;
  const [open, setOpen] = useState(false);
  const [point, setPoint] = useState(saved ?? { x: Math.round(width / 2), y: Math.round(height / 2) });
  const [status, setStatus] = useState<string>("");
  const panelId = useId();

  const save = async (next: { x: number; y: number } | null) => {
    setStatus("Saving…");
    try {
      const updated = await saveFocalPoint(file, next);
      onSaved(updated);
      setStatus(next ? "Focal point saved." : "Focal point cleared: crops keep the centre.");
    } catch (error) {
      setStatus(error instanceof Error ? error.message : "The focal point was not saved.");
    }
  };

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const next = {
      x: Math.round(((event.clientX - box.left) / box.width) * width),
      y: Math.round(((event.clientY - box.top) / box.height) * height),
    };
    setPoint(next);
    void save(next);
  };

  const percent = (value: number, of: number) => Math.round((value / of) * 100);
  const displayWidth = Math.min(420, width);

  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-2 rounded-md border border-navy-100 bg-white px-3 py-1.5 font-medium text-navy-800 text-sm hover:bg-navy-50"
      >
        <Crosshair aria-hidden size={16} />
        Focal point{saved ? ` (${percent(saved.x, width)}%, ${percent(saved.y, height)}%)` : " (centre)"}
      </button>
      {open ? (
        <div id={panelId} className="mt-3 rounded-md border border-navy-100 bg-navy-50 p-3">
          <p className="text-slate-650 text-sm">
            Click the part of the picture that crops must keep in view.
          </p>
          <div className="mt-2 flex flex-wrap items-start gap-4">
            <button
              type="button"
              onClick={pick}
              aria-label="Set the focal point where you click"
              className="relative block cursor-crosshair overflow-hidden rounded-md border border-navy-100 bg-white p-0"
              style={{ width: displayWidth, maxWidth: "100%", aspectRatio: `${width} / ${height}` }}
            >
              <img
                src={assetUrl(file, { width: 840, fit: "inside", format: "auto", quality: 80 })}
                alt=""
                className="absolute inset-0 size-full object-contain"
              />
              <span
                aria-hidden
                className="absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-amber-500/70 shadow-[0_0_0_2px_rgb(7_17_31/0.6)]"
                style={{ left: `${(point.x / width) * 100}%`, top: `${(point.y / height) * 100}%` }}
              />
            </button>
            <div className="flex min-w-48 flex-col gap-3">
              <label className="text-navy-900 text-sm">
                Across: {percent(point.x, width)}%
                <input
                  type="range"
                  min={0}
                  max={100}
                  value={percent(point.x, width)}
                  onChange={(e) =>
                    setPoint({ ...point, x: Math.round((Number(e.target.value) / 100) * width) })
                  }
                  className="mt-1 block w-full accent-amber-600"
                />
              </label>
              <label className="text-navy-900 text-sm">
                Down: {percent(point.y, height)}%
                <input
                  type="range"
                  min={0}
                  max={100}
                  value={percent(point.y, height)}
                  onChange={(e) =>
                    setPoint({ ...point, y: Math.round((Number(e.target.value) / 100) * height) })
                  }
                  className="mt-1 block w-full accent-amber-600"
                />
              </label>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => save(point)}
                  className="rounded-md bg-navy-800 px-3 py-1.5 font-semibold text-sm text-white hover:bg-navy-700"
                >
                  Save focal point
                </button>
                <button
                  type="button"
                  onClick={() => save(null)}
                  className="rounded-md border border-navy-100 bg-white px-3 py-1.5 font-medium text-navy-800 text-sm hover:bg-navy-50"
                >
                  Clear
                </button>
              </div>
              <p role="status" className="min-h-5 text-slate-650 text-sm">
                {status}
              </p>
            </div>
          </div>
          <p className="mt-3 font-medium text-navy-900 text-sm">Cover crops with the saved point</p>
          <div className="mt-1 flex flex-wrap gap-3">
            {[
              { w: 120, h: 120, label: "Square" },
              { w: 213, h: 120, label: "Wide" },
              { w: 90, h: 120, label: "Tall" },
            ].map((crop) => (
              <img
                key={crop.label}
                src={assetUrl(file, {
                  width: crop.w * 2,
                  height: crop.h * 2,
                  fit: "cover",
                  format: "auto",
                  quality: 80,
                })}
                alt={`${crop.label} crop`}
                width={crop.w}
                height={crop.h}
                className="rounded border border-navy-100 bg-white"
              />
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
