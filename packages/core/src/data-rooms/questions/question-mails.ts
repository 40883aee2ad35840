import { QUESTION_CATEGORY_LABELS, questionsPath } from "@aea/domain";
import type { OutgoingMail } from "../../mail/mail-transport.ts";
import { escapeHtml, type Firm } from "../../mail/templates.ts";
import type { Question, QuestionMailRecipient } from "./question.repository.ts";

const WHY =
  "You get this email because you are in this deal's data room. To stop emails about its questions and answers, follow the unsubscribe link (no login needed).";

/** Why a Q&A mail goes out: its subject and first line. */
const OCCASIONS = {
  /** To the buyer who asked, when staff answered them privately. */
  answered: (header: string) => ({
    subject: `Your question about ${header} was answered`,
    intro: `Your question about ${header} was answered.`,
  }),
  /** To every buyer of the room when an FAQ is published (the asker is never named). */
  faqPublished: (header: string) => ({
    subject: `New answer in the ${header} data room`,
    intro: `A question about ${header} and its answer were published for every buyer in the data room.`,
  }),
};

export type QuestionMailOccasion = keyof typeof OCCASIONS;

export function questionMail(
  occasion: QuestionMailOccasion,
  firm: Firm,
  to: QuestionMailRecipient,
  question: Pick<Question, "listingId" | "text" | "answer" | "category">,
  listingHeader: string,
  unsubscribeUrl: string,
): OutgoingMail {
  const { subject, intro } = OCCASIONS[occasion](listingHeader);
  const url = `${firm.publicUrl}${questionsPath(question.listingId)}`;
  const category = QUESTION_CATEGORY_LABELS[question.category];
  const text = [
    `Hello ${to.firstName},`,
    intro,
    `Question (${category}):\n${question.text}`,
    `Answer:\n${question.answer ?? ""}`,
    `Read it in the data room: ${url}`,
    WHY,
    `Unsubscribe: ${unsubscribeUrl}`,
    "",
    firm.firmName,
    firm.publicUrl,
  ].join("\n\n");
  const paragraph = (words: string) => `<p>${escapeHtml(words).replaceAll("\n", "<br>")}</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1b31;line-height:1.5">
${paragraph(`Hello ${to.firstName},`)}
${paragraph(intro)}
<div style="border:1px solid #d6deea;border-radius:8px;padding:14px 16px;margin:0 0 12px">
<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(`Question (${category})`)}</p>
${paragraph(question.text)}
<p style="margin:8px 0 4px;font-weight:bold">Answer</p>
${paragraph(question.answer ?? "")}
</div>
<p><a href="${escapeHtml(url)}" style="color:#0b2a4f">Read it in the data room</a></p>
<p style="font-size:12px;color:#3d4b5f">${escapeHtml(WHY)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from Q&amp;A emails</a></p>
<p style="font-size:12px;color:#3d4b5f">${escapeHtml(firm.firmName)} · <a href="${escapeHtml(firm.publicUrl)}">${escapeHtml(firm.publicUrl)}</a></p>
</body></html>`;
  return { to: to.email, subject, text, html, headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` } };
}
