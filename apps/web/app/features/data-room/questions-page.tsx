import {
  answerQuestionSchema,
  askQuestionSchema,
  dataRoomPath,
  dataRoomPreviewPath,
  QA_TEXTS,
  QUESTION_CATEGORIES,
  QUESTION_CATEGORY_LABELS,
  QUESTION_PRIORITIES,
  QUESTION_PRIORITY_LABELS,
  QUESTION_STATUS_LABELS,
  QUESTION_STATUSES,
  type QuestionCategory,
  type QuestionPriority,
  type QuestionStatus,
  questionDeadlineText,
  questionLimitsSchema,
  questionsPath,
} from "@aea/domain";
import { type FieldMetadata, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Filter, Lock, MessageSquare, Paperclip, Send, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { cardStyles } from "../../components/staff/card";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { FieldError } from "../../components/ui/field-error";
import { fieldStyles, selectStyles } from "../../components/ui/field-styles";
import { SubmitButton } from "../../components/ui/submit-button";
import { formatDate } from "../../lib/dates";
import { FormErrors, firstError, InputField, TextAreaInputField } from "../../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../../lib/forms/use-schema-form";

/** What the page's action answers: which form, its result, a notice, similar questions to show. */
export interface QuestionsAction {
  intent: "ask" | "answer" | "take" | "limits";
  result?: SubmissionResult<string[]>;
  notice?: string;
  similar?: FaqEntry[];
}

interface FaqEntry {
  id: number;
  text: string;
  category: QuestionCategory;
  answer: string;
  publishedAt?: string;
  fileId: number | null;
  fileName: string | null;
}

interface OwnQuestion {
  id: number;
  text: string;
  category: QuestionCategory;
  priority: QuestionPriority;
  status: QuestionStatus;
  fileId: number | null;
  fileName: string | null;
  answer: string | null;
  askedAt: string;
  answeredAt: string | null;
}

interface QueuedQuestion extends OwnQuestion {
  askerId: number;
  askerName: string;
  askerEmail: string;
  answeredByName: string | null;
  published: boolean;
}

interface Common {
  deal: { id: number; header: string };
  files: { id: number; name: string }[];
  faq: FaqEntry[];
  limits: { maxPerBuyer: number | null; deadline: string | null };
}

export type QuestionsData =
  | (Common & { role: "buyer"; mine: OwnQuestion[]; asked: number; cannotAsk: string | null })
  | (Common & {
      role: "staff";
      filter: {
        status?: QuestionStatus;
        category?: QuestionCategory;
        buyer?: number;
        olderThanDays?: number;
      };
      filterError: string | null;
      queue: QueuedQuestion[];
      askers: { userId: number; name: string; email: string }[];
    });

export function QuestionsPage({ data, action }: { data: QuestionsData; action?: QuestionsAction }) {
  const { deal } = data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <nav aria-label="Breadcrumb" className="flex flex-wrap gap-x-2 text-slate-650 text-sm">
        <Link to={`/deals/${deal.id}`} className="hover:underline">
          Deal #{deal.id}
        </Link>
        <span aria-hidden>/</span>
        <Link to={dataRoomPath(deal.id)} className="hover:underline">
          Data Room
        </Link>
      </nav>
      <header className="mt-3 border-navy-100 border-b pb-4">
        <p className="font-semibold text-amber-700 text-sm uppercase tracking-wide">{QA_TEXTS.title}</p>
        <h1 className="font-bold text-2xl text-navy-900 leading-tight sm:text-3xl">{deal.header}</h1>
        <LimitsNotice limits={data.limits} />
      </header>
      {action?.notice ? (
        <Alert tone="success" className="mt-5">
          {action.notice}
        </Alert>
      ) : null}
      {data.role === "buyer" ? (
        <BuyerView data={data} action={action} />
      ) : (
        <StaffView data={data} action={action} />
      )}
    </div>
  );
}

function LimitsNotice({ limits }: { limits: Common["limits"] }) {
  const parts = [
    limits.deadline ? QA_TEXTS.deadlineNotice(questionDeadlineText(limits.deadline)) : null,
    limits.maxPerBuyer ? `Each buyer may ask up to ${limits.maxPerBuyer} questions.` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-2 text-slate-650 text-sm">{parts.join(" ")}</p>;
}

// Buyers

function BuyerView({
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
            <AskForm files={data.files} action={action?.intent === "ask" ? action : undefined} />
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
                  <p className="mt-2 whitespace-pre-wrap text-navy-900">{q.text}</p>
                  {q.answer ? (
                    <Answer
                      text={q.answer}
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

function AskForm({ files, action }: { files: Common["files"]; action?: QuestionsAction }) {
  const [form, fields] = useSchemaForm(askQuestionSchema, {
    id: "ask-question",
    lastResult: action?.result ?? null,
    defaultValue: { priority: "normal" },
  });
  const status = useNavigationStatus("ask");
  const similar = action?.similar ?? [];
  return (
    <Form method="post" {...formProps(form)} className="mt-4 space-y-4" aria-labelledby="ask-title">
      <input type="hidden" name="intent" value="ask" />
      {similar.length > 0 ? <input type="hidden" name="checked" value="yes" /> : null}
      <FormErrors errors={form.errors} />
      <TextAreaInputField field={fields.text} label="Your question" rows={5} required />
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
      {similar.length > 0 ? (
        <section
          aria-labelledby="similar-title"
          className="rounded-md border border-amber-300 bg-amber-50 p-4"
        >
          <h3 id="similar-title" className="font-semibold text-navy-900">
            {QA_TEXTS.similarTitle}
          </h3>
          <ul className="mt-2 space-y-3 text-sm">
            {similar.map((q) => (
              <li key={q.id}>
                <p className="font-medium text-navy-900">{q.text}</p>
                <p className="mt-0.5 whitespace-pre-wrap text-slate-700">{q.answer}</p>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-slate-700 text-sm">{QA_TEXTS.similarFooter}</p>
        </section>
      ) : null}
      <SubmitButton status={status} icon={<Send aria-hidden size={18} />}>
        {similar.length > 0 ? QA_TEXTS.sendAnyway : QA_TEXTS.askButton}
      </SubmitButton>
      <p className="text-slate-650 text-xs">{QA_TEXTS.askHint}</p>
    </Form>
  );
}

function Faq({ data }: { data: Common }) {
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
              <Answer text={q.answer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// Staff

function StaffView({
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
              <QueueItem key={q.id} dealId={data.deal.id} question={q} action={action} />
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

function QueueFilter({ data }: { data: Extract<QuestionsData, { role: "staff" }> }) {
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

function QueueItem({
  dealId,
  question: q,
  action,
}: {
  dealId: number;
  question: QueuedQuestion;
  action?: QuestionsAction;
}) {
  const open = q.status !== "published";
  const takeStatus = useNavigationStatus("take");
  return (
    <li className={`${cardStyles} p-4 sm:p-5`} aria-label={`Question #${q.id}`}>
      <QuestionHead dealId={dealId} question={q} when={q.askedAt} />
      <p className="mt-1 text-slate-650 text-sm">
        Asked by <span className="font-medium text-navy-900">{q.askerEmail}</span> ({q.askerName})
      </p>
      <p className="mt-2 whitespace-pre-wrap text-navy-900">{q.text}</p>
      {q.answer ? (
        <Answer
          text={q.answer}
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
      {open ? <AnswerForm question={q} action={action} /> : null}
    </li>
  );
}

function AnswerForm({ question, action }: { question: QueuedQuestion; action?: QuestionsAction }) {
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

function LimitsForm({ limits, action }: { limits: Common["limits"]; action?: QuestionsAction }) {
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

// Parts

function QuestionHead({
  dealId,
  question: q,
  when,
}: {
  dealId: number;
  question: OwnQuestion;
  when: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <StatusBadge status={q.status} />
      <Badge>{QUESTION_CATEGORY_LABELS[q.category]}</Badge>
      {q.priority !== "normal" ? (
        <Badge tone="amber">{QUESTION_PRIORITY_LABELS[q.priority]} priority</Badge>
      ) : null}
      <span className="text-slate-650">
        #{q.id} · asked {formatDate(when, "moment")}
      </span>
      <FileLink dealId={dealId} file={q} />
    </div>
  );
}

function Answer({ text, note }: { text: string; note?: string }) {
  return (
    <div className="mt-3 rounded-md border-amber-400 border-l-4 bg-navy-50 px-3 py-2">
      <p className="flex flex-wrap items-center gap-x-1.5 font-semibold text-navy-800 text-xs uppercase tracking-wide">
        <MessageSquare aria-hidden size={14} /> Answer
        {note ? (
          <span className="font-normal normal-case tracking-normal text-slate-650">· {note}</span>
        ) : null}
      </p>
      <p className="mt-1 whitespace-pre-wrap text-navy-900">{text}</p>
    </div>
  );
}

function FileLink({
  dealId,
  file,
}: {
  dealId: number;
  file: { fileId: number | null; fileName: string | null };
}) {
  if (!file.fileId || !file.fileName) return null;
  return (
    <a
      href={dataRoomPreviewPath(dealId, file.fileId)}
      className="inline-flex items-center gap-1 font-medium text-navy-800 underline underline-offset-2"
    >
      <Paperclip aria-hidden size={12} />
      {file.fileName}
    </a>
  );
}

const STATUS_TONES: Record<QuestionStatus, string> = {
  new: "bg-amber-100 text-amber-900",
  "in-progress": "bg-sky-100 text-sky-900",
  answered: "bg-emerald-100 text-emerald-900",
  published: "bg-navy-800 text-white",
};

function StatusBadge({ status }: { status: QuestionStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 font-semibold ${STATUS_TONES[status]}`}>
      {QUESTION_STATUS_LABELS[status]}
    </span>
  );
}

function Badge({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "amber" }) {
  return (
    <span
      className={`rounded-full border px-2 py-0.5 font-medium ${tone === "amber" ? "border-amber-300 text-amber-900" : "border-navy-100 text-navy-800"}`}
    >
      {children}
    </span>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: a select binds to a field of any form.
type Field = FieldMetadata<any, any, string[]>;

/** A select bound to a Conform field, its label above and its message below. */
function SelectField({
  field,
  label,
  choices,
  placeholder,
}: {
  field: Field;
  label: string;
  choices: { value: string; text: string }[];
  placeholder?: string;
}) {
  const { key, id: _id, ...props } = getSelectProps(field, { ariaAttributes: false });
  const error = firstError(field);
  const id = `${field.id}-select`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        key={key}
        {...props}
        id={id}
        className={`mt-1 ${selectStyles}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field.id}-error` : undefined}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
      <FieldError id={`${field.id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A GET filter's select (no form state: the URL holds the filter). */
function PlainSelect({
  name,
  label,
  value,
  all,
  choices,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  all: string;
  choices: { value: string | number; text: string }[];
}) {
  const id = `questions-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={`mt-1 ${selectStyles}`}>
        <option value="">{all}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </div>
  );
}
