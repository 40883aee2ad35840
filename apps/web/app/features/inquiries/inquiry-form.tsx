import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { type ReactNode, useEffect, useState } from "react";
import { Form } from "react-router";
import { Alert } from "../../components/ui/alert";
import { MessageDialog } from "../../components/ui/dialog";
import { requiredLabel } from "../../components/ui/required-mark";
import type { SubmitStatus } from "../../components/ui/submit-button";
import { EmailInputField, FormErrors, InputField } from "../../lib/forms/fields";
import {
  formProps,
  type ObjectSchema,
  useNavigationStatus,
  useSchemaForm,
} from "../../lib/forms/use-schema-form";

/** What an inquiry form's action answers (see inquiry-action.server.ts). */
export interface InquiryActionData {
  status: "sent" | "refused" | "failed";
  result: SubmissionResult<string[]>;
}

interface Outcome {
  title: string;
  message: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the fields of whichever inquiry schema is given.
type Fields = Record<string, FieldMetadata<any, any, string[]>>;

/**
 * An inquiry form (contact, seller): posts to its page's action with or without JavaScript. A post
 * made from the hydrated page is answered in a dialog; one made before (or without) JavaScript, on
 * the page, where the reloaded form shows it.
 */
export function InquiryForm<Schema extends ObjectSchema>({
  schema,
  actionData,
  label,
  sent,
  failed,
  sentOnPage,
  onSentClosed,
  children,
}: {
  schema: Schema;
  actionData?: InquiryActionData;
  /** The form's accessible name. */
  label: string;
  sent: Outcome;
  failed: Outcome;
  /** A post without JavaScript that was sent: shown instead of the form (or above the fresh one). */
  sentOnPage(form: ReactNode): ReactNode;
  /** The sent dialog was closed. */
  onSentClosed?(): void;
  children(fields: Fields, status: SubmitStatus): ReactNode;
}) {
  const [submittedHere, setSubmittedHere] = useState(false);
  const [dialog, setDialog] = useState<"sent" | "failed" | null>(null);
  const [form, fields] = useSchemaForm(schema, {
    lastResult: actionData?.result ?? null,
    onSubmit: () => setSubmittedHere(true),
  });
  const status = useNavigationStatus();
  useEffect(() => {
    if (submittedHere && (actionData?.status === "sent" || actionData?.status === "failed"))
      setDialog(actionData.status);
  }, [submittedHere, actionData]);

  const formElement = (
    <Form method="post" {...formProps(form)} className="space-y-5" aria-label={label}>
      {!submittedHere && actionData?.status === "failed" ? (
        <Alert tone="error">{failed.message}</Alert>
      ) : (
        <FormErrors errors={form.errors} />
      )}
      {children(fields as Fields, status)}
      <MessageDialog
        open={dialog === "sent"}
        onOpenChange={(open) => {
          if (open) return;
          setDialog(null);
          onSentClosed?.();
        }}
        title={sent.title}
        message={sent.message}
      />
      <MessageDialog
        open={dialog === "failed"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={failed.title}
        message={failed.message}
      />
    </Form>
  );
  return !submittedHere && actionData?.status === "sent" ? sentOnPage(formElement) : formElement;
}

/** The inquirer's first and last name, side by side from small screens up (both forms ask them). */
export function InquirerNameFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        field={fields.firstName}
        label={requiredLabel("First name")}
        autoComplete="given-name"
        required
      />
      <InputField
        field={fields.lastName}
        label={requiredLabel("Last name")}
        autoComplete="family-name"
        required
      />
    </div>
  );
}

export function InquirerEmailField({ fields }: { fields: Fields }) {
  return <EmailInputField field={fields.email} label={requiredLabel("Email")} required />;
}
