import {
  answerQuestionSchema,
  QA_TEXTS,
  QUESTION_CATEGORIES,
  QUESTION_CATEGORY_LABELS,
  QUESTION_STATUS_LABELS,
  QUESTION_STATUSES,
  questionLimitsSchema,
  questionsPath,
} from "@aea/domain";
import { Filter, Lock, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { cardStyles } from "../../../components/staff/card";
import { Alert } from "../../../components/ui/alert";
import { buttonStyles } from "../../../components/ui/button-styles";
import { FieldError } from "../../../components/ui/field-error";
import { SubmitButton } from "../../../components/ui/submit-button";
import { formatDate } from "../../../lib/dates";
import { FormErrors, firstError, InputField, TextAreaInputField } from "../../../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { Faq } from "./buyer-questions";
import { Answer, QuestionHead } from "./question-parts";
import { PlainSelect } from "./question-selects";
import type { Common, QuestionsAction, QuestionsData, QueuedQuestion } from "./questions-data";

/** Staff's side of the room's Q&A: the queue, its filter, answering, and the room's limits. */
export function StaffView({
  data,
  action,
}: {
  data: Extract<QuestionsData, { role: "staff" }>;
  action?: QuestionsAction;
}) {
  const waiting = data.queue.filter((q) => q.status === "new" || q.status === "in-progress").length;
  return (
    <div className="mt-6 space-y-8">
      <section aria-labelledby="queue-title">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="queue-title" className="font-semibold text-navy-900 text-xl">
            {QA_TEXTS.queueTitle}
          </h2>
          <p className="text-slate-650 text-sm" role="status">
            {data.queue.length} question{data.queue.length === 1 ? "" : "s"} shown, {waiting} waiting for an
            answer. Oldest first.
          </p>
        </div>
        <QueueFilter data={data} />
        {data.filterError ? (
          <Alert tone="error" className="mt-3">
            {data.filterError} Showing every question instead.
          </Alert>
        ) : null}
        {action?.intent === "take" && action.result ? (
          <FormErrors errors={action.result.error?.[""] ?? undefined} className="mt-3" />
        ) : null}
        {data.queue.length === 0 ? (
          <p className="mt-4 text-slate-650 text-sm">{QA_TEXTS.queueEmpty}</p>
        ) : (
          <ul className="mt-4 space-y-4" aria-label={QA_TEXTS.queueTitle}>
            {data.queue.map((q) => (
              <QueueItem key={q.id} dealId={data.deal.id} files={data.files} question={q} action={action} />
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <Faq data={data} />
        <LimitsForm limits={data.limits} action={action?.intent === "limits" ? action : undefined} />
      </div>
    </div>
  );
}

export function QueueFilter({ data }: { data: Extract<QuestionsData, { role: "staff" }> }) {
  const { filter } = data;
  return (
    <Form
      method="get"
      aria-label="Filter questions"
      className={`${cardStyles} mt-3 grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end`}
    >
      <PlainSelect
        name="status"
        label="Status"
        value={filter.status}
        all="All statuses"
        choices={QUESTION_STATUSES.map((s) => ({ value: s, text: QUESTION_STATUS_LABELS[s] }))}
      />
      <PlainSelect
        name="category"
        label="Category"
        value={filter.category}
        all="All categories"
        choices={QUESTION_CATEGORIES.map((c) => ({ value: c, text: QUESTION_CATEGORY_LABELS[c] }))}
      />
      <PlainSelect
        name="buyer"
        label="Buyer"
        value={filter.buyer}
        all="All buyers"
        choices={data.askers.map((a) => ({ value: a.userId, text: `${a.email} (${a.name})` }))}
      />
      <PlainSelect
        name="olderThanDays"
        label="Age"
        value={filter.olderThanDays}
        all="Any age"
        choices={[1, 2, 3, 7, 14].map((d) => ({
          value: d,
          text: `Asked ${d}+ day${d === 1 ? "" : "s"} ago`,
        }))}
      />
      <div className="flex gap-2">
        <button type="submit" className={`${buttonStyles.primary} flex-1 lg:flex-none`}>
          <Filter aria-hidden size={16} /> Filter
        </button>
        <Link to={questionsPath(data.deal.id)} className={buttonStyles.secondary}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

export function QueueItem({
  dealId,
  files,
  question: q,
  action,
}: {
  dealId: number;
  files: Common["files"];
  question: QueuedQuestion;
  action?: QuestionsAction;
}) {
  const open = q.status !== "published";
  const takeStatus = useNavigationStatus("take");
  return (
    <li className={`${cardStyles} p-4 sm:p-5`} aria-label={`Question #${q.id}`}>
      <QuestionHead dealId={dealId} question={q} when={q.askedAt} />
      <p className="mt-1 text-slate-650 text-sm [overflow-wrap:anywhere]">
        Asked by <span className="font-medium text-navy-900">{q.askerEmail}</span> ({q.askerName})
      </p>
      <p className="mt-2 whitespace-pre-wrap text-navy-900 [overflow-wrap:anywhere]">{q.text}</p>
      {q.answer ? (
        <Answer
          dealId={dealId}
          text={q.answer}
          cited={q.citedFiles}
          note={`${q.published ? "Published as FAQ" : "Answered privately"}${q.answeredByName ? ` by ${q.answeredByName}` : ""}${q.answeredAt ? `, ${formatDate(q.answeredAt, "moment")}` : ""}`}
        />
      ) : null}
      {q.status === "new" ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="questionId" value={q.id} />
          <SubmitButton status={takeStatus} look="secondary" name="intent" value="take">
            {QA_TEXTS.takeInHand}
          </SubmitButton>
        </Form>
      ) : null}
      {open ? <AnswerForm question={q} files={files} action={action} /> : null}
    </li>
  );
}

export function AnswerForm({
  question,
  files,
  action,
}: {
  question: QueuedQuestion;
  files: Common["files"];
  action?: QuestionsAction;
}) {
  const formId = `answer-${question.id}`;
  const mine =
    action?.intent === "answer" && action.result?.initialValue?.questionId === String(question.id)
      ? action.result
      : null;
  const [form, fields] = useSchemaForm(answerQuestionSchema, {
    id: formId,
    lastResult: mine,
    defaultValue: { answer: question.answer ?? "" },
  });
  const status = useNavigationStatus("answer");
  const answered = question.status === "answered";
  return (
    <Form method="post" {...formProps(form)} className="mt-4 space-y-3 border-navy-100 border-t pt-4">
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="questionId" value={question.id} />
      <FormErrors errors={form.errors} />
      <TextAreaInputField
        field={fields.answer}
        label={
          answered ? `Answer to publish for question #${question.id}` : `Answer to question #${question.id}`
        }
        rows={3}
        required
      />
      {files.length > 0 ? (
        <div>
          <label htmlFor={fields.fileIds.id} className="font-medium text-navy-900 text-sm">
            {QA_TEXTS.citeLegend}
          </label>
          {/* A plain multiple select: typed or picked before the page is interactive, it posts as it is. */}
          <select
            id={fields.fileIds.id}
            name={fields.fileIds.name}
            multiple
            size={Math.min(5, files.length)}
            defaultValue={question.citedFiles.map((f) => String(f.id))}
            aria-describedby={`${fields.fileIds.id}-error`}
            aria-invalid={fields.fileIds.errors ? true : undefined}
            className="mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1 text-navy-900 text-sm"
          >
            {files.map((file) => (
              <option key={file.id} value={file.id}>
                {file.name}
              </option>
            ))}
          </select>
          <FieldError id={`${fields.fileIds.id}-error`}>{firstError(fields.fileIds)}</FieldError>
        </div>
      ) : null}
      <FieldError id={`${fields.visibility.id}-error`}>{firstError(fields.visibility)}</FieldError>
      <div className="flex flex-col gap-2 sm:flex-row">
        {answered ? null : (
          <SubmitButton
            status={status}
            look="secondary"
            name="visibility"
            value="private"
            icon={<Lock aria-hidden size={16} />}
          >
            {QA_TEXTS.answerPrivately}
          </SubmitButton>
        )}
        <SubmitButton status={status} name="visibility" value="faq" icon={<Users aria-hidden size={16} />}>
          {QA_TEXTS.publishAsFaq}
        </SubmitButton>
      </div>
      <p className="text-slate-650 text-xs">{answered ? QA_TEXTS.answerHintPublish : QA_TEXTS.answerHint}</p>
    </Form>
  );
}

export function LimitsForm({ limits, action }: { limits: Common["limits"]; action?: QuestionsAction }) {
  const [form, fields] = useSchemaForm(questionLimitsSchema, {
    id: "question-limits",
    lastResult: action?.result ?? null,
    defaultValue: {
      maxPerBuyer: limits.maxPerBuyer === null ? "" : String(limits.maxPerBuyer),
      deadline: limits.deadline ? limits.deadline.slice(0, 16) : "",
    },
  });
  const status = useNavigationStatus("limits");
  return (
    <section aria-labelledby="limits-title" className={`${cardStyles} self-start p-5`}>
      <h2 id="limits-title" className="font-semibold text-navy-900 text-xl">
        Question limits
      </h2>
      <p className="mt-1 text-slate-650 text-sm">Leave a field blank for no limit. Buyers are told both.</p>
      <Form method="post" {...formProps(form)} className="mt-4 space-y-4" aria-labelledby="limits-title">
        <input type="hidden" name="intent" value="limits" />
        <FormErrors errors={form.errors} />
        <InputField field={fields.maxPerBuyer} label="Questions per buyer" inputMode="numeric" />
        <InputField field={fields.deadline} label="Deadline (UTC)" type={"datetime-local" as "date"} />
        <SubmitButton status={status} look="secondary">
          Save limits
        </SubmitButton>
      </Form>
    </section>
  );
}
