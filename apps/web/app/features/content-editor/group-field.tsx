import type { ContentField, GroupField as GroupFieldDefinition } from "@aea/domain";
import { ArrowDown, ArrowUp, ChevronRight, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { FieldError } from "../../components/ui/field-error";
import { fieldStyles } from "../../components/ui/field-styles";
import { controlId, useEditor } from "./editor-context";
import { FieldControl } from "./field-controls";
import { emptyRow, type FieldPath, type FormRow, type FormValues, pathName, ROW_MARKER } from "./form-values";

// A row's controls are FieldControls, and FieldControl picks GroupField for a nested group: the two
// modules import each other, and each uses the other only while rendering.

const singular = (label: string) => (/[^s]s$/.test(label) ? label.slice(0, -1) : label);

/** What names a row in its heading: its first filled text field (a member's name, a button's text). */
function rowSummary(fields: readonly ContentField[], row: FormValues): string {
  for (const field of fields) {
    const value = row[field.name];
    if ((field.type === "string" || field.type === "text") && typeof value === "string" && value.trim()) {
      return value.trim().slice(0, 60);
    }
  }
  return "";
}

/** A repeatable group: entries in order, each with its own controls, that can be added, moved and removed. */
export function GroupField({
  field,
  path,
  rows,
}: {
  field: GroupFieldDefinition;
  path: FieldPath;
  rows: FormRow[];
}) {
  const { set, errors, hydrated } = useEditor();
  const name = pathName(path);
  const one = singular(field.label);
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    set(path, next);
  };
  const nested = field.fields.some((f) => f.type === "group");
  const simple = field.fields.length === 1;
  return (
    <fieldset className="min-w-0 rounded-card border border-navy-100 bg-navy-50/60 p-3 sm:p-4">
      <legend className="px-1 font-semibold text-navy-900">
        {field.label} <span className="font-normal text-slate-650 text-sm">({rows.length})</span>
      </legend>
      {field.note ? <p className={fieldStyles.hint}>{field.note}</p> : null}
      <ol className={`flex flex-col ${simple ? "gap-2" : "gap-3"}`}>
        {rows.map((row, index) => (
          <GroupRow
            key={row.__key ?? index}
            field={field}
            path={path}
            row={row}
            index={index}
            count={rows.length}
            title={`${one} ${index + 1}`}
            simple={simple}
            nested={nested}
            move={move}
            remove={() =>
              set(
                path,
                rows.filter((_, i) => i !== index),
              )
            }
            // Entries inside entries (a team's members) start folded, unless new or in error.
            startOpen={
              path.length < 2 ||
              !!row.__key?.startsWith("new-") ||
              Object.keys(errors).some((key) => key.startsWith(`${name}.${index}.`))
            }
          />
        ))}
      </ol>
      {rows.length === 0 ? <p className="text-slate-650 text-sm">None yet.</p> : null}
      {hydrated ? (
        <button
          type="button"
          onClick={() => set(path, [...rows, emptyRow(field.fields)])}
          className="mt-3 inline-flex items-center gap-1.5 rounded-md border border-navy-100 bg-white px-3 py-1.5 font-medium text-navy-800 text-sm hover:bg-navy-50"
        >
          <Plus aria-hidden size={16} /> Add {one.toLowerCase()}
        </button>
      ) : (
        <p className={fieldStyles.hint}>Adding, moving and removing entries needs JavaScript.</p>
      )}
      <FieldError id={`${controlId(name)}-error`}>{errors[name]}</FieldError>
    </fieldset>
  );
}

function GroupRow({
  field,
  path,
  row,
  index,
  count,
  title: baseTitle,
  simple,
  nested,
  move,
  remove,
  startOpen,
}: {
  field: GroupFieldDefinition;
  path: FieldPath;
  row: FormRow;
  index: number;
  count: number;
  title: string;
  simple: boolean;
  nested: boolean;
  move(from: number, to: number): void;
  remove(): void;
  startOpen: boolean;
}) {
  const { hydrated } = useEditor();
  const [open, setOpen] = useState(startOpen);
  const name = pathName(path);
  const summary = rowSummary(field.fields, row);
  const title = `${baseTitle}${summary ? `: ${summary}` : ""}`;
  const headingId = `${controlId(`${name}.${index}`)}-title`;
  const bodyId = `${controlId(`${name}.${index}`)}-body`;
  const buttons = hydrated ? (
    <RowButtons title={title} index={index} count={count} move={move} remove={remove} />
  ) : null;
  const fields = field.fields.map((sub) => (
    <div
      key={sub.name}
      className={
        sub.type === "group" || sub.type === "html" || sub.type === "file" || sub.type === "text"
          ? "sm:col-span-2"
          : ""
      }
    >
      <FieldControl field={sub} path={[...path, index, sub.name]} value={row[sub.name]} />
    </div>
  ));
  if (simple) {
    return (
      <li
        aria-labelledby={headingId}
        className="flex items-end gap-2 rounded-md border border-navy-100 bg-white p-2"
      >
        <input type="hidden" name={`${name}.${index}.${ROW_MARKER}`} value="1" />
        <span id={headingId} className="sr-only">
          {title}
        </span>
        <div className="min-w-0 flex-1">{fields}</div>
        {buttons}
      </li>
    );
  }
  // Folded entries stay in the form (hidden, still posted); only their controls are out of sight.
  const folded = hydrated && !open;
  return (
    <li aria-labelledby={headingId} className="rounded-md border border-navy-100 bg-white p-3">
      <input type="hidden" name={`${name}.${index}.${ROW_MARKER}`} value="1" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 flex-1 font-semibold text-navy-900 text-sm">
          {hydrated ? (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen(!open)}
              className="flex w-full min-w-0 items-center gap-1.5 rounded text-left hover:text-navy-700"
            >
              <ChevronRight
                aria-hidden
                size={16}
                className={`shrink-0 transition-transform ${open ? "rotate-90" : ""}`}
              />
              <span className="truncate">{title}</span>
            </button>
          ) : (
            title
          )}
        </h3>
        {buttons}
      </div>
      <div id={bodyId} hidden={folded} className={`mt-2 grid gap-3 ${nested ? "" : "sm:grid-cols-2"}`}>
        {fields}
      </div>
    </li>
  );
}

function RowButtons({
  title,
  index,
  count,
  move,
  remove,
}: {
  title: string;
  index: number;
  count: number;
  move(from: number, to: number): void;
  remove(): void;
}) {
  const button =
    "inline-flex size-8 items-center justify-center rounded-md border border-navy-100 bg-white text-navy-800 hover:bg-navy-50 disabled:opacity-30";
  return (
    <span className="flex shrink-0 gap-1">
      <button
        type="button"
        className={button}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
        aria-label={`Move ${title} up`}
      >
        <ArrowUp aria-hidden size={15} />
      </button>
      <button
        type="button"
        className={button}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
        aria-label={`Move ${title} down`}
      >
        <ArrowDown aria-hidden size={15} />
      </button>
      <button
        type="button"
        className={`${button} text-negative`}
        onClick={remove}
        aria-label={`Remove ${title}`}
      >
        <Trash2 aria-hidden size={15} />
      </button>
    </span>
  );
}
