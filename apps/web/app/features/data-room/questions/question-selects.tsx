import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { FieldError } from "../../../components/ui/field-error";
import { fieldStyles, selectStyles } from "../../../components/ui/field-styles";
import { firstError } from "../../../lib/forms/fields";

// biome-ignore lint/suspicious/noExplicitAny: a select binds to a field of any form.
export type Field = FieldMetadata<any, any, string[]>;

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

/** A GET filter's select (no form state: the URL holds the filter). */
export function PlainSelect({
  name,
  label,
  value,
  all,
  choices,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  all: string;
  choices: { value: string | number; text: string }[];
}) {
  const id = `questions-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={`mt-1 ${selectStyles}`}>
        <option value="">{all}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </div>
  );
}
