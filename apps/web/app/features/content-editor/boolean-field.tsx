import { FieldError } from "../../components/ui/field-error";
import { controlNames, useEditor } from "./editor-context";
import type { FieldControlProps } from "./form-values";

/** A yes/no field: one checkbox. */

export function BooleanField({ field, path, value }: FieldControlProps) {
  const { set, errors } = useEditor();
  const { name, id } = controlNames(path);
  const checked = value === true || value === "on" || value === "true" || value === 1;
  return (
    <div className="min-w-0 self-end">
      <label htmlFor={id} className="inline-flex items-center gap-2 font-medium text-navy-900 text-sm">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={checked}
          onChange={(event) => set(path, event.target.checked)}
          className="size-4 accent-amber-600"
        />
        {field.label}
      </label>
      <FieldError id={`${id}-error`}>{errors[name]}</FieldError>
    </div>
  );
}
