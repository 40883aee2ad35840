import { BooleanField } from "./boolean-field";
import { FileField, FilesField } from "./file-field";
import type { FieldControlProps, FormRow } from "./form-values";
import { GroupField } from "./group-field";
import { RelationChoices, RelationSelect } from "./relation-fields";
import { ScalarField } from "./scalar-field";

/** The control a registry field gets, by its type; groups nest controls of their own fields. */
export function FieldControl({ field, path, value }: FieldControlProps) {
  switch (field.type) {
    case "group":
      return <GroupField field={field} path={path} rows={Array.isArray(value) ? (value as FormRow[]) : []} />;
    case "file":
      return <FileField field={field} path={path} value={value} />;
    case "files":
      return <FilesField field={field} path={path} value={value} />;
    case "relation":
      return <RelationSelect field={field} path={path} value={value} />;
    case "relations":
      return <RelationChoices field={field} path={path} value={value} />;
    case "boolean":
      return <BooleanField field={field} path={path} value={value} />;
    default:
      return <ScalarField field={field} path={path} value={value} />;
  }
}
