import { type DefaultValue, type FormMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FocusEvent, FormEvent } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import type { SubmitStatus } from "../../components/ui/submit-button";

// biome-ignore lint/suspicious/noExplicitAny: any object schema of the domain.
export type ObjectSchema = z.ZodType<any, Record<string, any>>;

/**
 * A form checked by a domain schema in the browser, and shown the server's answer (`lastResult`) to
 * the same schema in the page action: messages appear when a field is left (see `formProps`) and
 * follow each keystroke after that; a submit checks every field, and a valid one goes on to the
 * action (without JavaScript, straight there).
 */
export function useSchemaForm<Schema extends ObjectSchema>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
    /**
     * With JavaScript, once the fields pass and before the form posts: to note the submit, or to send
     * it another way (a form that exists only with JavaScript) after event.preventDefault().
     */
    onSubmit?(event: FormEvent<HTMLFormElement>, value: z.output<Schema>, formData: FormData): void;
  } = {},
) {
  const { onSubmit, ...rest } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...rest,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: onSubmit
      ? (event, { submission, formData }) => {
          if (submission?.status === "success") onSubmit(event, submission.value, formData);
        }
      : undefined,
  });
}

/** A page form's submit status while React Router posts it (`intent` tells two forms of a page apart). */
export function useNavigationStatus(intent?: string): SubmitStatus {
  const navigation = useNavigation();
  const mine =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return mine ? "pending" : "idle";
}

/**
 * The form element's props: Conform's id and submit, no browser bubbles (the schema's messages show
 * instead), and a field checked when it is left, except when the focus goes to a submit button:
 * its message would push the button from under the pointer between press and release, losing the
 * click, and the submit checks every field anyway.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's metadata.
export function formProps(form: FormMetadata<any, string[]>) {
  return {
    id: form.id,
    onSubmit: form.onSubmit,
    noValidate: true,
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const { name } = event.target as { name?: unknown };
      const to = event.relatedTarget;
      if (typeof name !== "string" || !name || (to instanceof HTMLButtonElement && to.type === "submit"))
        return;
      form.validate({ name });
    },
  };
}
