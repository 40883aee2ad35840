import {
  ACCESS_CODE_LABEL,
  ACCESS_GRANTED,
  ACCESS_REQUEST_PENDING,
  ACCESS_REQUEST_SENT,
  accessCodeSchema,
  accessRequestSchema,
  dataRoomPath,
  ENTER_ACCESS_CODE,
  EXCLUSIVE_DEAL,
  EXCLUSIVE_DEAL_OK,
  type ExclusiveDealContact,
  INCORRECT_CODE,
  REQUEST_ACCESS,
  SERVER_ERROR,
  VERIFYING,
} from "@aea/domain";
import { KeyRound, Mail, Phone, Send } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { apiFetch } from "../../lib/api-fetch";
import { FormErrors, InputField, TextAreaInputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";

export type OpenDataRoomDialog = "access-code" | "request" | "exclusive" | null;

/** The data-room box's dialogs: enter access code, request access, and the exclusive-deal contact. */
export default function DataRoomDialogs({
  listingId,
  open,
  onClose,
  exclusiveContact,
}: {
  listingId: number;
  open: OpenDataRoomDialog;
  onClose(): void;
  exclusiveContact: ExclusiveDealContact | null;
}) {
  const onOpenChange = (isOpen: boolean) => !isOpen && onClose();
  return (
    <>
      <Dialog
        open={open === "access-code"}
        onOpenChange={onOpenChange}
        title={ENTER_ACCESS_CODE}
        description="Type the access code for this deal's data room. Your agent or our email gave it to you."
      >
        {open === "access-code" ? <AccessCodeForm listingId={listingId} /> : null}
      </Dialog>
      <Dialog
        open={open === "request"}
        onOpenChange={onOpenChange}
        title={REQUEST_ACCESS}
        description="No access code yet? Ask our team for one. We email you the code once your request is approved."
      >
        {open === "request" ? <RequestAccessForm listingId={listingId} onDone={onClose} /> : null}
      </Dialog>
      {exclusiveContact ? (
        <ExclusiveDealDialog
          open={open === "exclusive"}
          onOpenChange={onOpenChange}
          contact={exclusiveContact}
        />
      ) : null}
    </>
  );
}

/** The message of a refused call: the server's for a lock (it says how long to wait), else the spec's. */
async function refusal(response: Response): Promise<string> {
  if (response.status !== 429) return INCORRECT_CODE;
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return body.message ?? INCORRECT_CODE;
}

/**
 * The spec's access-code dialog (§2, §4, §5, §8): 'Access Code is Required' when empty, 'Verifying...'
 * while the code is checked, 'Incorrect Code' on a wrong code or a failed call, and on success the data room.
 */
function AccessCodeForm({ listingId }: { listingId: number }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [failure, setFailure] = useState<string>();

  const verify = async (code: string) => {
    setStatus("pending");
    setFailure(undefined);
    try {
      const response = await apiFetch("/api/Advisors/GrantDueDiligenceAccess", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ code, listingId }),
      });
      const body = response.ok ? ((await response.json()) as { message?: string }) : undefined;
      if (body?.message === ACCESS_GRANTED) {
        setStatus("success");
        await navigate(dataRoomPath(listingId));
        return;
      }
      setFailure(await refusal(response));
    } catch {
      setFailure(INCORRECT_CODE);
    }
    setStatus("idle");
  };

  const [form, fields] = useSchemaForm(accessCodeSchema, {
    onSubmit: (event, value) => {
      event.preventDefault();
      if (status === "idle") void verify(value.code);
    },
  });

  return (
    <form {...formProps(form)} className="mt-5 space-y-4">
      <InputField
        field={fields.code}
        label={ACCESS_CODE_LABEL}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        reserveErrorSpace
      />
      <FormErrors errors={failure ? [failure] : undefined} />
      <div className="flex flex-col-reverse gap-3 pt-1 xs:flex-row xs:justify-end">
        <RadixDialog.Close className={buttonStyles.secondary}>Cancel</RadixDialog.Close>
        <SubmitButton status={status} icon={<KeyRound aria-hidden size={18} />}>
          {status === "pending" ? VERIFYING : "Submit"}
        </SubmitButton>
      </div>
    </form>
  );
}

/** A buyer without a code asks staff for one, with an optional message. */
function RequestAccessForm({ listingId, onDone }: { listingId: number; onDone(): void }) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [failure, setFailure] = useState<string>();

  const send = async (message: string | undefined) => {
    setStatus("pending");
    setFailure(undefined);
    try {
      const response = await apiFetch("/api/Advisors/RequestDueDiligenceAccess", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ listingId, message }),
      });
      if (response.ok) {
        setStatus("success");
        await revalidator.revalidate();
        onDone();
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      setFailure(body.message ?? SERVER_ERROR);
    } catch {
      setFailure(SERVER_ERROR);
    }
    setStatus("idle");
  };

  const [form, fields] = useSchemaForm(accessRequestSchema, {
    onSubmit: (event, value) => {
      event.preventDefault();
      if (status === "idle") void send(value.message);
    },
  });

  return (
    <form {...formProps(form)} className="mt-5 space-y-4">
      <TextAreaInputField
        field={fields.message}
        label="Message (optional)"
        hint="Who you are buying for, or why you are interested."
        rows={4}
      />
      <FormErrors errors={failure ? [failure] : undefined} />
      <p className="sr-only" role="status">
        {status === "success" ? `${ACCESS_REQUEST_SENT}. ${ACCESS_REQUEST_PENDING}` : ""}
      </p>
      <div className="flex flex-col-reverse gap-3 pt-1 xs:flex-row xs:justify-end">
        <RadixDialog.Close className={buttonStyles.secondary}>Cancel</RadixDialog.Close>
        <SubmitButton status={status} icon={<Send aria-hidden size={16} />}>
          Send request
        </SubmitButton>
      </div>
    </form>
  );
}

/** The spec's exclusive-deal contact dialog: EXCLUSIVE DEAL, a named contact, two phones, an email, OK. */
function ExclusiveDealDialog({
  open,
  onOpenChange,
  contact,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  contact: ExclusiveDealContact;
}) {
  const phones = [contact.phone, contact.phone2].filter((p): p is string => Boolean(p));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={<span className="tracking-wider">{EXCLUSIVE_DEAL}</span>}
      description="This deal is marketed exclusively. Please contact:"
      hideClose
    >
      <p className="mt-4 font-semibold text-lg text-navy-900">{contact.name}</p>
      <ul className="mt-2 space-y-1.5 text-sm">
        {phones.map((phone) => (
          <li key={phone}>
            <a
              href={`tel:${phone.replace(/[^\d+]/g, "")}`}
              className="inline-flex items-center gap-2 text-navy-800 hover:underline"
            >
              <Phone aria-hidden size={14} /> {phone}
            </a>
          </li>
        ))}
        <li>
          <a
            href={`mailto:${contact.email}`}
            className="inline-flex items-center gap-2 break-all text-navy-800 hover:underline"
          >
            <Mail aria-hidden size={14} /> {contact.email}
          </a>
        </li>
      </ul>
      <div className="mt-6 flex justify-end">
        <RadixDialog.Close className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white hover:bg-navy-700">
          {EXCLUSIVE_DEAL_OK}
        </RadixDialog.Close>
      </div>
    </Dialog>
  );
}
