import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import type { SubmitStatus } from "../../components/ui/submit-button";

// biome-ignore lint/suspicious/noExplicitAny: any object schema of the domain.
export type ObjectSchema = z.ZodType<any, Record<string, any>>;

/**
 * A form checked by a domain schema in the browser, and shown the server's answer (`lastResult`) to
 * the same schema in the page action: messages appear when a field is left and follow each keystroke
 * after that; a submit checks every field, and a valid one goes on to the action (without JavaScript,
 * straight there).
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
    shouldValidate: "onBlur",
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
