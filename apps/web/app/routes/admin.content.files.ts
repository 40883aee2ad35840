import { isAppError, type RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { fileInfo } from "../features/content-editor/file-info";
import { BodyTooLarge, limitedFormData } from "../features/content-editor/multipart.server";
import { admittedUser } from "../lib/guards";
import type { Route } from "./+types/admin.content.files";

// An admin's upload may pass the 1 MB page-form limit: the action reads and limits it itself.
export const handle = { access: "admin", adminUploads: true } satisfies RouteHandle;

/**
 * The editor's file door (used by its scripts): `intent=upload` stores one file and answers its
 * details; `intent=focal` sets or clears an image's focal point. JSON answers; errors as `{ message }`.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const limits = core.contentEditing.uploadLimits;
  let form: FormData;
  try {
    // Room for the form's other fields and the multipart boundaries beside the file itself.
    form = await limitedFormData(request, limits.maxBytes + 64 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return Response.json(
        { message: `The file is larger than ${limits.maxBytes / 1024 / 1024} MB.` },
        { status: 413 },
      );
    }
    return Response.json({ message: "The upload could not be read." }, { status: 400 });
  }
  const intent = form.get("intent");
  if (intent === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return Response.json({ message: "Choose a file to upload." }, { status: 400 });
    }
    const title = form.get("title");
    try {
      const stored = await core.contentEditing.upload(admittedUser(context), {
        bytes: new Uint8Array(await file.arrayBuffer()),
        filename: file.name,
        title: typeof title === "string" ? title : undefined,
      });
      return Response.json({ file: fileInfo(stored) });
    } catch (error) {
      if (!isAppError(error) || error.code !== "UPLOAD_REJECTED") throw error;
      return Response.json({ message: error.message }, { status: 422 });
    }
  }
  if (intent === "focal") {
    const id = String(form.get("id") ?? "");
    const x = Number(form.get("x"));
    const y = Number(form.get("y"));
    const clear = form.get("clear") === "true";
    if (!clear && (!Number.isFinite(x) || !Number.isFinite(y))) {
      return Response.json({ message: "The focal point needs x and y." }, { status: 400 });
    }
    try {
      const file = await core.contentEditing.setFocalPoint(
        admittedUser(context),
        id,
        clear ? null : { x, y },
      );
      return Response.json({ file: fileInfo(file) });
    } catch (error) {
      if (isAppError(error)) return Response.json({ message: error.message }, { status: error.status });
      throw error;
    }
  }
  return Response.json({ message: "Unknown request." }, { status: 400 });
}
