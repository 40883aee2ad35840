import { CHAT_FAILED, CHAT_WELCOME, type ChatMessage, chatMessageSchema, chatSent } from "@aea/domain";
import { CircleCheck, Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Alert } from "../../components/ui/alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { EmailInputField, InputField, TextAreaInputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";
import { useSite } from "../../lib/site";

/** The chat widget's panel: a short form whose message is mailed to staff (POST /api/Mailer/SendChatMessage). */
export default function ChatPanel({ id, onClose }: { id: string; onClose(): void }) {
  const { firmShortName } = useSite();
  const location = useLocation();
  const titleId = useId();
  const first = useRef<HTMLInputElement>(null);
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

  // The panel exists only with JavaScript (before, the chat button links to the contact page), so it
  // sends to the chat API itself.
  const send = async (message: ChatMessage) => {
    setStatus("sending");
    try {
      const response = await fetch("/api/Mailer/SendChatMessage", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          ...message,
          page: `${location.pathname}${location.search}`.slice(0, 300),
          appName: firmShortName,
        }),
      });
      if (!response.ok) throw new Error(String(response.status));
      setSentTo(message.name);
      setStatus("sent");
    } catch {
      setStatus("failed");
    }
  };
  const [form, fields] = useSchemaForm(chatMessageSchema, {
    onSubmit: (event, value) => {
      event.preventDefault();
      if (status !== "sending") void send(value);
    },
  });

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
          <form {...formProps(form)} className="mt-4 space-y-3" aria-labelledby={titleId}>
            {status === "failed" ? <Alert tone="error">{CHAT_FAILED}</Alert> : null}
            <InputField ref={first} field={fields.name} label="Name" autoComplete="name" required />
            <EmailInputField field={fields.email} required />
            <TextAreaInputField field={fields.message} label="Message" rows={3} required maxLength={2000} />
            <SubmitButton
              status={status === "sending" ? "pending" : "idle"}
              icon={<Send aria-hidden size={18} />}
              className="w-full"
            >
              Send message
            </SubmitButton>
          </form>
        )}
      </div>
    </section>
  );
}
