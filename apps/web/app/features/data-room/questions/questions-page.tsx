import { dataRoomPath, QA_TEXTS, questionDeadlineText } from "@aea/domain";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { BuyerView } from "./buyer-questions";
import { StaffView } from "./question-queue";
import type { Common, QuestionsAction, QuestionsData } from "./questions-data";

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

export function LimitsNotice({ limits }: { limits: Common["limits"] }) {
  const parts = [
    limits.deadline ? QA_TEXTS.deadlineNotice(questionDeadlineText(limits.deadline)) : null,
    limits.maxPerBuyer ? `Each buyer may ask up to ${limits.maxPerBuyer} questions.` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-2 text-slate-650 text-sm">{parts.join(" ")}</p>;
}
