import { CHAT_FAILED, type CHAT_FIELDS, CHAT_WELCOME, chatMessageSchema, chatSent } from "@aea/domain";
import { CircleCheck, LoaderCircle, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { FieldError } from "../../components/ui/field-error";
import { describedBy, fieldStyles } from "../../components/ui/field-styles";
import { TextField } from "../../components/ui/text-field";
import { useSite } from "../../lib/site";

type Field = (typeof CHAT_FIELDS)[number];
type Values = Record<Field, string>;

function errorsOf(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of chatMessageSchema.safeParse(values).error?.issues ?? []) {
    const key = issue.path[0] as Field;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The chat widget's panel: a short form whose message is mailed to staff (POST /api/Mailer/SendChatMessage). */
export default function ChatPanel({ id, onClose }: { id: string; onClose(): void }) {
  const { firmShortName } = useSite();
  const location = useLocation();
  const titleId = useId();
  const messageId = useId();
  const first = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>({ name: "", email: "", message: "" });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [status, setStatus] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const [sentTo, setSentTo] = useState("");

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  const errors = errorsOf(values);
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);
  const change = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const blur = (field: Field) => () => setTouched((t) => ({ ...t, [field]: true }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      setTouched({ name: true, email: true, message: true });
      return;
    }
    setStatus("sending");
    try {
      const response = await fetch("/api/Mailer/SendChatMessage", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          ...values,
          page: `${location.pathname}${location.search}`.slice(0, 300),
          appName: firmShortName,
        }),
      });
      if (!response.ok) throw new Error(String(response.status));
      setSentTo(values.name.trim());
      setValues({ name: "", email: "", message: "" });
      setTouched({});
      setStatus("sent");
    } catch {
      setStatus("failed");
    }
  };

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="flex max-h-[calc(100dvh-7rem)] w-[min(24rem,calc(100vw-2rem))] animate-fade-in flex-col overflow-hidden rounded-card border border-navy-100 bg-white shadow-raised"
    >
      <header className="flex items-start justify-between gap-3 bg-navy-900 px-4 py-3 text-white">
        <div>
          <h2 id={titleId} className="font-semibold">
            Chat with {firmShortName}
          </h2>
          <p className="text-navy-100 text-xs">We reply by email, usually within a business day.</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="rounded p-1 text-navy-100 hover:bg-white/10 hover:text-white"
        >
          <X aria-hidden size={18} />
        </button>
      </header>
      <div className="overflow-y-auto p-4">
        <p className="rounded-card rounded-tl-none bg-navy-50 px-3 py-2 text-navy-900 text-sm">
          {CHAT_WELCOME}
        </p>
        {status === "sent" ? (
          <div
            role="status"
            className="mt-4 flex items-start gap-2.5 rounded-md border border-positive/30 bg-positive/5 px-3.5 py-3 text-positive text-sm"
          >
            <CircleCheck aria-hidden size={18} className="mt-px shrink-0" />
            <div>
              <p className="font-medium">{chatSent(sentTo)}</p>
              <button
                type="button"
                onClick={() => setStatus("idle")}
                className="mt-2 font-semibold text-navy-800 underline underline-offset-2"
              >
                Send another message
              </button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="mt-4 space-y-3" aria-labelledby={titleId}>
            {status === "failed" ? <Alert tone="error">{CHAT_FAILED}</Alert> : null}
            <TextField
              ref={first}
              label="Name"
              name="name"
              autoComplete="name"
              required
              value={values.name}
              onChange={change("name")}
              onBlur={blur("name")}
              error={shown("name")}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={change("email")}
              onBlur={blur("email")}
              error={shown("email")}
            />
            <div>
              <label htmlFor={messageId} className={fieldStyles.label}>
                Message
              </label>
              <textarea
                id={messageId}
                name="message"
                rows={3}
                required
                maxLength={2000}
                value={values.message}
                onChange={change("message")}
                onBlur={blur("message")}
                aria-invalid={shown("message") ? true : undefined}
                aria-describedby={describedBy(shown("message") && `${messageId}-error`)}
                className={`mt-1 ${fieldStyles.input} resize-y`}
              />
              <FieldError id={`${messageId}-error`}>{shown("message")}</FieldError>
            </div>
            <button
              type="submit"
              disabled={status === "sending"}
              aria-busy={status === "sending" || undefined}
              className={`${buttonStyles.primary} w-full`}
            >
              {status === "sending" ? (
                <LoaderCircle aria-hidden size={18} className="animate-spin" />
              ) : (
                <Send aria-hidden size={18} />
              )}
              Send message
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
