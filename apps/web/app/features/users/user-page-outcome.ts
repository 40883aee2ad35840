import type { StepUpNeed } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";

/** What a form on a user's page hears back: a notice, an error, a form's result or a second factor to give. */
export interface UserPageOutcome {
  intent: string;
  notice?: string;
  error?: string;
  result?: SubmissionResult<string[]>;
  stepUp?: StepUpNeed;
}
