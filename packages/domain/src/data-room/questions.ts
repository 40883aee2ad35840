// Q&A per data room (issue 23, item 1): the words buyers and staff meet and the rules shared by the
// browser and the server. The schemas are in question-schemas.ts: a page that only links here loads no zod.

export const QUESTION_CATEGORIES = [
  "land",
  "title",
  "production",
  "reserves",
  "financial",
  "legal",
  "environmental",
  "other",
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const QUESTION_CATEGORY_LABELS: Record<QuestionCategory, string> = {
  land: "Land",
  title: "Title",
  production: "Production",
  reserves: "Reserves",
  financial: "Financial",
  legal: "Legal",
  environmental: "Environmental",
  other: "Other",
};

export const QUESTION_PRIORITIES = ["normal", "high", "urgent"] as const;
export type QuestionPriority = (typeof QUESTION_PRIORITIES)[number];
export const QUESTION_PRIORITY_LABELS: Record<QuestionPriority, string> = {
  normal: "Normal",
  high: "High",
  urgent: "Urgent",
};

/** new → in-progress (staff took it) → answered (privately, to the asker) or published (an FAQ). */
export const QUESTION_STATUSES = ["new", "in-progress", "answered", "published"] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  new: "New",
  "in-progress": "In progress",
  answered: "Answered",
  published: "Published",
};

export const QUESTION_MAX_LENGTH = 4000;
export const ANSWER_MAX_LENGTH = 10_000;
/** At most this many similar published questions are shown before a question is sent. */
export const SIMILAR_QUESTIONS_SHOWN = 5;
/** How long the ask form waits after the last keystroke before it looks for similar questions. */
export const SIMILAR_LOOKUP_DELAY_MS = 400;

export const QA_TEXTS = {
  title: "Questions & answers",
  faqTitle: "Published answers (FAQ)",
  faqEmpty: "No answers have been published in this data room yet.",
  mineTitle: "Your questions",
  mineEmpty: "You have not asked a question yet.",
  askTitle: "Ask a question",
  askButton: "Send question",
  similarTitle: "Already answered — does one of these answer your question?",
  similarNone: "No published answer looks like your question.",
  checkSimilar: "Check for similar answers",
  asked: "Your question was sent. Staff will answer it here, and we will email you.",
  queueTitle: "Question queue",
  queueEmpty: "No question matches.",
  answered: "Answer sent privately to the buyer who asked.",
  published: "Published as an FAQ to every buyer in the data room.",
  taken: "Marked in progress.",
  limitsSaved: "Question limits saved.",
  noAgreement: "Sign this deal's confidentiality agreement before asking a question.",
  closed: (deadline: string) => `Questions closed on ${deadline}: no more questions are taken for this deal.`,
  limitReached: (limit: number) =>
    `You have asked ${limit} question${limit === 1 ? "" : "s"}, the most this deal takes from one buyer.`,
  deadlineNotice: (deadline: string) => `Questions are taken until ${deadline}.`,
  limitNotice: (used: number, limit: number) => `You have asked ${used} of the ${limit} questions allowed.`,
  alreadyAnswered: "Someone has already answered this question; the page shows their answer.",
  citeRoomFiles: "An answer may cite only files of this data room.",
  citeLegend: "Files the answer cites (optional)",
  citedFilesLabel: "Files cited",
  staffOnly: "Only staff can answer questions.",
  anonymousAsker: "A buyer",
  waiting: "Waiting for an answer.",
  similarFooter: "If none answers it, send your question anyway.",
  sendAnyway: "Send my question anyway",
  answerPrivately: "Answer privately",
  publishAsFaq: "Publish as FAQ",
  takeInHand: "Take in hand",
  answerHintPublish:
    "Publishing shows the question and this answer to every buyer in the room, without the asker's name, and emails them.",
  answerHint:
    "Privately: only the buyer who asked reads it. As FAQ: every buyer in the room reads the question and answer, without the asker's name. Both are emailed.",
  askHint:
    "Published answers already like your question are shown before it is sent. Staff see your name; other buyers never do.",
  unsubscribed: "You will no longer get emails about data-room questions and answers.",
  unsubscribedNote: "Answers to your questions still appear on each data room's Questions & answers page.",
  unsubscribeTitle: "Unsubscribe from data-room Q&A emails",
  unsubscribeBadLink:
    "This unsubscribe link is not valid. Open the mail again, or ask us at the contact page to stop these emails.",
  unsubscribeAsk: (email: string) => `Stop the emails about data-room questions and answers to ${email}?`,
} as const;

export const questionsPath = (listingId: number): string => `/deals/${listingId}/data-room/questions`;
/** The published questions like `text`, as the ask form asks for them while the buyer types. */
export const similarQuestionsPath = (listingId: number, text: string): string =>
  `${questionsPath(listingId)}/similar?${new URLSearchParams({ text })}`;
export const QUESTIONS_UNSUBSCRIBE_PATH = "/data-room-questions/unsubscribe";

const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from has have how i in is it its of on or our the this to was we what when where which who will with you your".split(
    " ",
  ),
);

/** The words of a question that say what it is about (lower case, no stop words, no duplicates). */
export function questionWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length > 1 && !STOP_WORDS.has(w)));
}

/**
 * How alike two questions are: the share of words they have in common (Dice's coefficient), 0 to 1.
 * Simple on purpose: buyers' questions are short, and a shared word like "decline" says a lot.
 */
export function questionSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/**
 * Whether a draft says enough to compare (two words that are not stop words): "What is the" would
 * match nothing useful, and looking it up on every keystroke would only make the list flicker.
 */
export const SIMILAR_LOOKUP_MIN_WORDS = 2;
export const isWorthComparing = (text: string): boolean =>
  questionWords(text).size >= SIMILAR_LOOKUP_MIN_WORDS;

/** Below this, a published question is not shown as similar. */
export const SIMILARITY_THRESHOLD = 0.2;

/** A deadline as buyers and mails read it, in UTC (the same words on every screen and in the API). */
export function questionDeadlineText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
