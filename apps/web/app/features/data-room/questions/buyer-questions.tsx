import {
  askQuestionSchema,
  QA_TEXTS,
  QUESTION_CATEGORIES,
  QUESTION_CATEGORY_LABELS,
  QUESTION_PRIORITIES,
  QUESTION_PRIORITY_LABELS,
} from "@aea/domain";
import { Send } from "lucide-react";
import { Form } from "react-router";
import { cardStyles } from "../../../components/staff/card";
import { Alert } from "../../../components/ui/alert";
import { SubmitButton } from "../../../components/ui/submit-button";
import { formatDate } from "../../../lib/dates";
import { FormErrors, TextAreaInputField } from "../../../lib/forms/fields";
import { SelectField } from "../../../lib/forms/select-field";
import { formProps, useNavigationStatus, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { Answer, Badge, FileLink, QuestionHead } from "./question-parts";
import type { Common, QuestionsAction, QuestionsData } from "./questions-data";
import { SimilarQuestions, useSimilarQuestions } from "./similar-questions";

/** A buyer's side of the room's Q&A: the FAQ, their own questions and the form to ask. */
export function BuyerView({
  data,
  action,
}: {
  data: Extract<QuestionsData, { role: "buyer" }>;
  action?: QuestionsAction;
}) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className="space-y-6">
        <section aria-labelledby="ask-title" className={`${cardStyles} p-5 sm:p-6`}>
          <h2 id="ask-title" className="font-semibold text-navy-900 text-xl">
            {QA_TEXTS.askTitle}
          </h2>
          {data.limits.maxPerBuyer ? (
            <p className="mt-1 text-slate-650 text-sm">
              {QA_TEXTS.limitNotice(data.asked, data.limits.maxPerBuyer)}
            </p>
          ) : null}
          {data.cannotAsk ? (
            <Alert tone="info" className="mt-4">
              {data.cannotAsk}
            </Alert>
          ) : (
            <AskForm
              dealId={data.deal.id}
              files={data.files}
              action={action?.intent === "ask" ? action : undefined}
            />
          )}
        </section>
        <section aria-labelledby="mine-title">
          <h2 id="mine-title" className="font-semibold text-navy-900 text-xl">
            {QA_TEXTS.mineTitle}
          </h2>
          {data.mine.length === 0 ? (
            <p className="mt-2 text-slate-650 text-sm">{QA_TEXTS.mineEmpty}</p>
          ) : (
            <ul className="mt-3 space-y-3" aria-label={QA_TEXTS.mineTitle}>
              {data.mine.map((q) => (
                <li key={q.id} className={`${cardStyles} p-4`}>
                  <QuestionHead dealId={data.deal.id} question={q} when={q.askedAt} />
                  <p className="mt-2 whitespace-pre-wrap text-navy-900 [overflow-wrap:anywhere]">{q.text}</p>
                  {q.answer ? (
                    <Answer
                      dealId={data.deal.id}
                      text={q.answer}
                      cited={q.citedFiles}
                      note={q.status === "published" ? "Published to every buyer" : "Private answer"}
                    />
                  ) : (
                    <p className="mt-3 text-slate-650 text-sm">{QA_TEXTS.waiting}</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <Faq data={data} />
    </div>
  );
}

export function AskForm({
  dealId,
  files,
  action,
}: {
  dealId: number;
  files: Common["files"];
  action?: QuestionsAction;
}) {
  const [form, fields] = useSchemaForm(askQuestionSchema, {
    id: "ask-question",
    lastResult: action?.result ?? null,
    defaultValue: { priority: "normal" },
  });
  const status = useNavigationStatus("ask");
  const lookup = useSimilarQuestions(dealId, action);
  return (
    <Form method="post" {...formProps(form)} className="mt-4 space-y-4" aria-labelledby="ask-title">
      <input type="hidden" name="intent" value="ask" />
      {lookup.checked ? <input type="hidden" name="checked" value="yes" /> : null}
      <FormErrors errors={form.errors} />
      <TextAreaInputField
        field={fields.text}
        label="Your question"
        rows={5}
        required
        onInput={(event) => lookup.onDraft(event.currentTarget.value)}
      />
      <SimilarQuestions similar={lookup.similar} none={lookup.none} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.category}
          label="Category"
          choices={QUESTION_CATEGORIES.map((c) => ({ value: c, text: QUESTION_CATEGORY_LABELS[c] }))}
          placeholder="Choose a category"
        />
        <SelectField
          field={fields.priority}
          label="Priority"
          choices={QUESTION_PRIORITIES.map((p) => ({ value: p, text: QUESTION_PRIORITY_LABELS[p] }))}
        />
      </div>
      {files.length > 0 ? (
        <SelectField
          field={fields.fileId}
          label="About a file (optional)"
          choices={files.map((f) => ({ value: String(f.id), text: f.name }))}
          placeholder="No file"
        />
      ) : null}
      <SubmitButton status={status} icon={<Send aria-hidden size={18} />}>
        {lookup.checked ? QA_TEXTS.sendAnyway : QA_TEXTS.askButton}
      </SubmitButton>
      <p className="text-slate-650 text-xs">{QA_TEXTS.askHint}</p>
    </Form>
  );
}

export function Faq({ data }: { data: Common }) {
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className="font-semibold text-navy-900 text-xl">
        {QA_TEXTS.faqTitle}
      </h2>
      {data.faq.length === 0 ? (
        <p className="mt-2 text-slate-650 text-sm">{QA_TEXTS.faqEmpty}</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={QA_TEXTS.faqTitle}>
          {data.faq.map((q) => (
            <li key={q.id} className={`${cardStyles} p-4`}>
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <Badge>{QUESTION_CATEGORY_LABELS[q.category]}</Badge>
                {q.publishedAt ? (
                  <span className="text-slate-650">{formatDate(q.publishedAt, "day")}</span>
                ) : null}
                <FileLink dealId={data.deal.id} file={q} />
              </div>
              <p className="mt-2 font-medium text-navy-900">{q.text}</p>
              <Answer dealId={data.deal.id} text={q.answer} cited={q.citedFiles} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
