import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { FieldError } from "../../components/ui/field-error";
import { fieldStyles, selectStyles } from "../../components/ui/field-styles";
import { firstError } from "./fields";

// biome-ignore lint/suspicious/noExplicitAny: a select binds to a field of any form.
type Field = FieldMetadata<any, any, string[]>;

/** A select bound to a Conform field, its label above and its message below. */
export function SelectField({
  field,
  label,
  choices,
  placeholder,
}: {
  field: Field;
  label: string;
  choices: { value: string; text: string }[];
  placeholder?: string;
}) {
  const { key, id: _id, ...props } = getSelectProps(field, { ariaAttributes: false });
  const error = firstError(field);
  const id = `${field.id}-select`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        key={key}
        {...props}
        id={id}
        className={`mt-1 ${selectStyles}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field.id}-error` : undefined}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
      <FieldError id={`${field.id}-error`}>{error}</FieldError>
    </div>
  );
}
