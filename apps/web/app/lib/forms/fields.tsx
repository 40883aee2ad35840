/**
 * The form controls every form uses, bound to a Conform field: its name, the value it starts with,
 * and its first message. They stay uncontrolled, so what a visitor typed before the page hydrated is
 * what the form holds afterwards.
 */
import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { Alert } from "../../components/ui/alert";
import { Checkbox, type CheckboxProps } from "../../components/ui/checkbox";
import { PasswordField, type PasswordFieldProps } from "../../components/ui/password-field";
import { TextAreaField, type TextAreaFieldProps } from "../../components/ui/text-area-field";
import { TextField, type TextFieldProps } from "../../components/ui/text-field";

// biome-ignore lint/suspicious/noExplicitAny: a control binds to a field of any form.
export type Field = FieldMetadata<any, any, string[]>;
type InputType = "text" | "email" | "tel" | "date" | "datetime-local";

/** Conform's props for a control without the id and aria attributes (the field frame sets those). */
function bound(field: Field, type: InputType | "password" | "checkbox") {
  const { key, id: _id, ...props } = getInputProps(field, { type, ariaAttributes: false });
  return { key, props };
}

/** The field's first message, once the form has checked it. */
export function firstError(field: Field): string | undefined {
  return field.errors?.[0];
}

export function InputField({
  field,
  type = "text",
  ...rest
}: { field: Field; type?: InputType } & Omit<TextFieldProps, "name" | "type" | "defaultValue">) {
  const { key, props } = bound(field, type);
  return <TextField key={key} {...props} error={firstError(field)} {...rest} />;
}

/** An email field as every form asks for one: labelled Email, an email keyboard, filled by the browser. */
export function EmailInputField({
  field,
  label = "Email",
  ...rest
}: { field: Field; label?: TextFieldProps["label"] } & Omit<
  TextFieldProps,
  "name" | "type" | "defaultValue" | "label"
>) {
  return (
    <InputField field={field} type="email" label={label} inputMode="email" autoComplete="email" {...rest} />
  );
}

export function PasswordInputField({
  field,
  ...rest
}: { field: Field } & Omit<PasswordFieldProps, "name" | "defaultValue">) {
  const { key, props } = bound(field, "password");
  // The type toggles between password and text inside PasswordField.
  const { type: _type, ...input } = props;
  return <PasswordField key={key} {...input} error={firstError(field)} {...rest} />;
}

export function TextAreaInputField({
  field,
  ...rest
}: { field: Field } & Omit<TextAreaFieldProps, "name" | "defaultValue">) {
  const { key, id: _id, ...props } = getTextareaProps(field, { ariaAttributes: false });
  return <TextAreaField key={key} {...props} error={firstError(field)} {...rest} />;
}

export function CheckboxInputField({ field, ...rest }: { field: Field } & Omit<CheckboxProps, "name">) {
  const { key, props } = bound(field, "checkbox");
  const { type: _type, ...input } = props;
  return <Checkbox key={key} {...input} {...rest} />;
}

/** What the form as a whole was refused for (a wrong password, a server error), announced at once. */
export function FormErrors({ errors, className }: { errors?: string[]; className?: string }) {
  if (!errors?.length) return null;
  return (
    <Alert tone="error" className={className}>
      {errors.join(" ")}
    </Alert>
  );
}
