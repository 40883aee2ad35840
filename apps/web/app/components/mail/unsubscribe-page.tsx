import { BellOff, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, type MetaDescriptor } from "react-router";
import { useNavigationStatus } from "../../lib/forms/use-schema-form";
import { Alert } from "../ui/alert";
import { FormCard, FormPage } from "../ui/form-card";
import { SubmitButton } from "../ui/submit-button";

/**
 * The unsubscribe link of a kind of mail (deal alerts, data-room Q&A), no login needed. Opening it
 * changes nothing (mail scanners and link previews open links): it names the address and asks; the
 * button posts the signed token back, and only that unsubscribes. A forged or damaged token is refused.
 */
const TOKEN_MAX_LENGTH = 100;

/** The loader's answer: the token and its address, or nulls for a token that is not one of ours. */
export async function readUnsubscribeLink(
  request: Request,
  ownerOf: (token: string) => Promise<{ email: string } | undefined>,
): Promise<{ token: string | null; email: string | null }> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const owner = token.length <= TOKEN_MAX_LENGTH ? await ownerOf(token) : undefined;
  return { token: owner ? token : null, email: owner?.email ?? null };
}

/** The action: unsubscribes the posted token's owner, or answers 400 for a token that is not one of ours. */
export async function unsubscribeByPostedToken(
  request: Request,
  unsubscribe: (token: string) => Promise<boolean>,
) {
  const token = String((await request.formData()).get("token") ?? "");
  const done = token.length <= TOKEN_MAX_LENGTH && (await unsubscribe(token));
  return done ? { unsubscribed: true } : data({ unsubscribed: false }, { status: 400 });
}

export function unsubscribeMeta(title: string): MetaDescriptor[] {
  return [
    { title },
    { name: "robots", content: "noindex" },
    // The token must not leave in a Referer header to the next site.
    { name: "referrer", content: "no-referrer" },
  ];
}

export interface UnsubscribeTexts {
  title: string;
  ask(email: string): string;
  unsubscribed: string;
  /** Under the confirmation: how to undo it, or what still reaches the reader. */
  afterwards: ReactNode;
  badLink: string;
}

export function UnsubscribePage({
  texts,
  link,
  result,
}: {
  texts: UnsubscribeTexts;
  link: { token: string | null; email: string | null };
  result: { unsubscribed: boolean } | undefined;
}) {
  const status = useNavigationStatus();
  if (result?.unsubscribed) {
    return (
      <FormPage>
        <FormCard
          titleId="unsubscribed-title"
          title="Unsubscribed"
          icon={<CircleCheck aria-hidden size={22} />}
          description={texts.unsubscribed}
        >
          <p className="text-slate-650 text-sm">{texts.afterwards}</p>
        </FormCard>
      </FormPage>
    );
  }
  return (
    <FormPage>
      <FormCard
        titleId="unsubscribe-title"
        title={texts.title}
        icon={<BellOff aria-hidden size={22} />}
        description={link.email ? texts.ask(link.email) : undefined}
      >
        {link.token && result?.unsubscribed !== false ? (
          <Form method="post">
            <input type="hidden" name="token" value={link.token} />
            <SubmitButton status={status} className="w-full">
              Unsubscribe
            </SubmitButton>
          </Form>
        ) : (
          <Alert tone="error">{texts.badLink}</Alert>
        )}
      </FormCard>
    </FormPage>
  );
}
