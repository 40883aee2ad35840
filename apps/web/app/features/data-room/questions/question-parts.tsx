import {
  dataRoomPreviewPath,
  QA_TEXTS,
  QUESTION_CATEGORY_LABELS,
  QUESTION_PRIORITY_LABELS,
  QUESTION_STATUS_LABELS,
  type QuestionStatus,
} from "@aea/domain";
import { MessageSquare, Paperclip } from "lucide-react";
import type { ReactNode } from "react";
import { formatDate } from "../../../lib/dates";

import type { CitedFile, OwnQuestion } from "./questions-data";

/** What a question looks like wherever it is shown: its head, answer, cited file and badges. */
export function QuestionHead({
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

/** An answer, with links to the room's files it cites (each opens the preview at that file). */
export function Answer({
  dealId,
  text,
  cited,
  note,
}: {
  dealId: number;
  text: string;
  cited: CitedFile[];
  note?: string;
}) {
  return (
    <div className="mt-3 rounded-md border-amber-400 border-l-4 bg-navy-50 px-3 py-2">
      <p className="flex flex-wrap items-center gap-x-1.5 font-semibold text-navy-800 text-xs uppercase tracking-wide">
        <MessageSquare aria-hidden size={14} /> Answer
        {/* On a phone the note takes a line of its own rather than wrapping after a stray dot. */}
        {note ? (
          <span className="basis-full font-normal normal-case tracking-normal text-slate-650 sm:basis-auto">
            <span aria-hidden className="hidden sm:inline">
              ·{" "}
            </span>
            {note}
          </span>
        ) : null}
      </p>
      <p className="mt-1 whitespace-pre-wrap text-navy-900 [overflow-wrap:anywhere]">{text}</p>
      {cited.length > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-slate-650">{QA_TEXTS.citedFilesLabel}:</span>
          {cited.map((file) => (
            <FileLink key={file.id} dealId={dealId} file={{ fileId: file.id, fileName: file.name }} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function FileLink({
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

export const STATUS_TONES: Record<QuestionStatus, string> = {
  new: "bg-amber-100 text-amber-900",
  "in-progress": "bg-sky-100 text-sky-900",
  answered: "bg-emerald-100 text-emerald-900",
  published: "bg-navy-800 text-white",
};

export function StatusBadge({ status }: { status: QuestionStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 font-semibold ${STATUS_TONES[status]}`}>
      {QUESTION_STATUS_LABELS[status]}
    </span>
  );
}

export function Badge({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "amber" }) {
  return (
    <span
      className={`rounded-full border px-2 py-0.5 font-medium ${tone === "amber" ? "border-amber-300 text-amber-900" : "border-navy-100 text-navy-800"}`}
    >
      {children}
    </span>
  );
}
