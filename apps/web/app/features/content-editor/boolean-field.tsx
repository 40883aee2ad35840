import type { ContentField } from "@aea/domain";
import { FieldError } from "../../components/ui/field-error";
import { controlId, useEditor } from "./editor-context";
import { type FieldPath, pathName } from "./form-values";

/** A yes/no field: one checkbox. */

export function BooleanField({
  field,
  path,
  value,
}: {
  field: ContentField;
  path: FieldPath;
  value: unknown;
}) {
  const { set, errors } = useEditor();
  const name = pathName(path);
  const id = controlId(name);
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
