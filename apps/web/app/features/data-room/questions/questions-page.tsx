import { QA_TEXTS, questionDeadlineText } from "@aea/domain";
import { Alert } from "../../../components/ui/alert";
import { RoomSubpage } from "../room-subpage";
import { BuyerView } from "./buyer-questions";
import { StaffView } from "./question-queue";
import type { Common, QuestionsAction, QuestionsData } from "./questions-data";

export function QuestionsPage({ data, action }: { data: QuestionsData; action?: QuestionsAction }) {
  const { deal } = data;
  return (
    <RoomSubpage deal={deal} name={QA_TEXTS.title} header={<LimitsNotice limits={data.limits} />}>
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
    </RoomSubpage>
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
