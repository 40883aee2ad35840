import { FieldError } from "../../components/ui/field-error";
import { fieldStyles } from "../../components/ui/field-styles";
import { controlNames, selectFix, useEditor } from "./editor-context";
import { asText, type FieldControlProps } from "./form-values";

/** Fields that point at items of another collection: one (a select) or several (checkboxes). */

export function RelationSelect({ field, path, value }: FieldControlProps) {
  const { set, options, errors } = useEditor();
  if (field.type !== "relation") return null;
  const { name, id } = controlNames(path);
  const error = errors[name];
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {field.label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={asText(value)}
        onChange={(event) => set(path, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 ${fieldStyles.input} ${selectFix}`}
      >
        <option value="">None</option>
        {(options[field.collection] ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
            {option.status === "published" ? "" : ` (${option.status})`}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function RelationChoices({ field, path, value }: FieldControlProps) {
  const { set, options, errors } = useEditor();
  if (field.type !== "relations") return null;
  const { name, id } = controlNames(path);
  const chosen = new Set((Array.isArray(value) ? value : []).map(String));
  const choices = options[field.collection] ?? [];
  const toggle = (optionId: string, on: boolean) => {
    const next = choices.map((c) => String(c.id)).filter((c) => (c === optionId ? on : chosen.has(c)));
    set(path, next);
  };
  return (
    <fieldset id={id} className="min-w-0">
      <legend className={fieldStyles.label}>{field.label}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {choices.map((option) => (
          <label key={option.id} className="inline-flex items-center gap-2 text-navy-900 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              defaultChecked={chosen.has(String(option.id))}
              onChange={(event) => toggle(String(option.id), event.target.checked)}
              className="size-4 accent-amber-600"
            />
            {option.title}
            {option.status === "published" ? null : <span className="text-slate-650">({option.status})</span>}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{errors[name]}</FieldError>
    </fieldset>
  );
}
