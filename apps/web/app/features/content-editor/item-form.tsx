import { CONTENT_STATUSES, type ContentCollection, type ContentStatus } from "@aea/domain";
import { type SubmissionResult, useForm } from "@conform-to/react";
import { Save } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import { cardStyles } from "../../components/staff/card";
import { Alert } from "../../components/ui/alert";
import { fieldStyles } from "../../components/ui/field-styles";
import { SubmitButton } from "../../components/ui/submit-button";
import { useNavigationStatus } from "../../lib/forms/use-schema-form";
import {
  controlId,
  EditorContext,
  type EditorContextValue,
  type RelationOption,
  selectFix,
} from "./editor-context";
import { FieldControl } from "./field-controls";
import type { FileInfo } from "./file-info";
import { type FormValues, pathLabel, setIn, withRowKeys } from "./form-values";
import { PreviewLink } from "./preview-link";

const statusLabels: Record<ContentStatus, string> = {
  published: "Published: shown on the site",
  draft: "Draft: hidden from visitors",
  archived: "Archived: hidden, kept for the record",
};

/**
 * The form of one item, built from its collection's fields. It posts as multipart (files included
 * when JavaScript is off); with JavaScript files upload as soon as they are chosen.
 */
export function ItemForm({
  collection,
  values: initialValues,
  files: initialFiles,
  options,
  lastResult,
  hydrated,
  publicPath,
  saved,
}: {
  collection: ContentCollection;
  values: FormValues;
  files: Record<string, FileInfo>;
  options: Record<string, RelationOption[]>;
  /** The action's answer to a refused save: messages by control name. */
  lastResult: SubmissionResult<string[]> | null;
  hydrated: boolean;
  /** The page that shows the item, when it is stored (its preview shows drafts). */
  publicPath: string | null;
  saved: boolean;
}) {
  const [values, setValues] = useState(() => withRowKeys(collection.fields, initialValues));
  const [files, setFiles] = useState(initialFiles);
  // The registry of the collection is the item's schema and the content service checks it on save, so
  // the form has no checks of its own in the browser: Conform carries the service's messages.
  const [form] = useForm({ lastResult });
  const errors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(form.allErrors).flatMap(([path, messages]) =>
          messages[0] ? [[path, messages[0]]] : [],
        ),
      ),
    [form.allErrors],
  );
  const status = useNavigationStatus();
  const summary = useRef<HTMLDivElement>(null);
  const errorList = Object.entries(errors);

  useEffect(() => {
    if (errorList.length > 0) summary.current?.focus();
  }, [errorList.length]);

  const set = useCallback(
    (path: readonly (string | number)[], value: unknown) =>
      setValues((current) => setIn(current, path, value)),
    [],
  );
  const putFile = useCallback(
    (file: FileInfo) => setFiles((current) => ({ ...current, [file.id]: file })),
    [],
  );
  const context = useMemo<EditorContextValue>(
    () => ({ set, files, putFile, options, errors, hydrated }),
    [set, files, putFile, options, errors, hydrated],
  );
  const itemStatus = (values.status as ContentStatus) ?? "draft";

  return (
    <EditorContext.Provider value={context}>
      <Form
        method="post"
        encType="multipart/form-data"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col gap-6"
      >
        {errorList.length > 0 ? (
          <div
            ref={summary}
            tabIndex={-1}
            role="alert"
            aria-labelledby="error-summary-title"
            className="rounded-md border border-negative/40 bg-negative/5 p-4 text-negative"
          >
            <h2 id="error-summary-title" className="font-semibold">
              Nothing was saved:{" "}
              {errorList.length === 1 ? "one field needs" : `${errorList.length} fields need`} attention.
            </h2>
            <ul className="mt-2 list-disc pl-5 text-sm">
              {errorList.map(([path, message]) => (
                <li key={path}>
                  <a href={`#${controlId(path)}`} className="underline">
                    {pathLabel(collection.fields, path)}
                  </a>
                  : {message}
                </li>
              ))}
            </ul>
          </div>
        ) : saved ? (
          <Alert tone="success">
            Saved.{" "}
            {itemStatus === "published"
              ? "The site shows the change now."
              : `Visitors do not see this item while it is ${itemStatus === "draft" ? "a draft" : "archived"}.`}
          </Alert>
        ) : null}

        <section aria-label="Publishing" className={`${cardStyles} flex flex-wrap items-end gap-4 p-4`}>
          <div className="min-w-56 flex-1">
            <label htmlFor="field-status" className={fieldStyles.label}>
              Status
            </label>
            <select
              id="field-status"
              name="status"
              defaultValue={itemStatus}
              onChange={(event) => set(["status"], event.target.value)}
              className={`mt-1 ${fieldStyles.input} ${selectFix}`}
              aria-invalid={errors.status ? true : undefined}
            >
              {CONTENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap gap-2">
            {publicPath ? <PreviewLink path={publicPath}>Preview</PreviewLink> : null}
            <SubmitButton status={status} icon={<Save aria-hidden size={18} />}>
              Save
            </SubmitButton>
          </div>
          <p className="basis-full text-slate-650 text-xs">
            Preview opens the page as visitors will see it, with drafts shown to you. Save a draft first to
            preview it.
          </p>
        </section>

        <div className={`${cardStyles} grid gap-5 p-4 sm:p-6 lg:grid-cols-2`}>
          {collection.fields.map((field) => (
            <div
              key={field.name}
              className={
                field.type === "group" ||
                field.type === "html" ||
                field.type === "files" ||
                field.type === "text" ||
                field.type === "json" ||
                field.type === "file" ||
                field.type === "relations"
                  ? "lg:col-span-2"
                  : ""
              }
            >
              <FieldControl field={field} path={[field.name]} value={values[field.name]} />
            </div>
          ))}
        </div>

        <div className="flex justify-end">
          <SubmitButton status={status} icon={<Save aria-hidden size={18} />}>
            Save
          </SubmitButton>
        </div>
      </Form>
    </EditorContext.Provider>
  );
}
