import { FieldError } from "../../components/ui/field-error";
import { describedBy, fieldStyles } from "../../components/ui/field-styles";
import { controlNames, useEditor } from "./editor-context";
import { asText, type FieldControlProps } from "./form-values";
import { RichTextEditor } from "./rich-text-editor";

/** A text, number, date, choice or rich-text field: one input (or the rich-text editor), its note and its error. */

export function ScalarField({ field, path, value }: FieldControlProps) {
  const { set, errors, hydrated } = useEditor();
  const { name, id } = controlNames(path);
  const error = errors[name];
  const hintId = field.note ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const described = describedBy(hintId, error && errorId);
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    required: field.required,
    className: `mt-1 ${fieldStyles.input}`,
  } as const;
  const text =
    field.type === "json" && value !== null && typeof value === "object"
      ? JSON.stringify(value, null, 2)
      : asText(value);
  const onChange = (event: { target: { value: string } }) => set(path, event.target.value);

  let control: React.ReactNode;
  switch (field.type) {
    case "html":
      control = (
        <RichTextEditor
          id={id}
          name={name}
          value={text}
          onChange={(html) => set(path, html)}
          label={field.label}
          describedBy={described}
          invalid={!!error}
          hydrated={hydrated}
        />
      );
      break;
    case "text":
    case "json":
      control = (
        <textarea
          {...common}
          rows={field.type === "json" ? 6 : 4}
          defaultValue={text}
          onChange={onChange}
          className={`${common.className} ${field.type === "json" ? "font-mono text-sm" : ""}`}
        />
      );
      break;
    case "integer":
    case "float":
      control = (
        <input
          {...common}
          type="number"
          step={field.type === "integer" ? 1 : "any"}
          inputMode={field.type === "integer" ? "numeric" : "decimal"}
          defaultValue={text}
          onChange={onChange}
          className={`${common.className} max-w-48 tabular`}
        />
      );
      break;
    case "date":
      control = (
        <input
          {...common}
          type="date"
          defaultValue={text.slice(0, 10)}
          onChange={onChange}
          className={`${common.className} max-w-56`}
        />
      );
      break;
    case "datetime":
      control = (
        <input
          {...common}
          type="datetime-local"
          defaultValue={text.slice(0, 16)}
          onChange={onChange}
          className={`${common.className} max-w-64`}
        />
      );
      break;
    default: {
      const colour = field.name.endsWith("_color");
      control = (
        <span className="flex items-center gap-2">
          <input
            {...common}
            type={field.name === "email" ? "email" : "text"}
            defaultValue={text}
            onChange={onChange}
            maxLength={500}
          />
          {colour && text ? (
            <span
              aria-hidden
              className="mt-1 size-9 shrink-0 rounded-md border border-slate-300"
              style={{ background: text }}
            />
          ) : null}
        </span>
      );
    }
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {field.label}
        {field.required ? <span className="text-negative"> *</span> : null}
      </label>
      {control}
      {field.note ? (
        <p id={hintId} className={fieldStyles.hint}>
          {field.note}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
