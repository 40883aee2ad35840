import { ENGAGEMENT_RECOMPUTE_MINUTES, type FolderHeat, type LeaderboardEntry } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { RefreshCw } from "lucide-react";
import { Form } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { SubmitButton } from "../../../components/ui/submit-button";
import { formatDate } from "../../../lib/dates";
import { useNavigationStatus } from "../../../lib/forms/use-schema-form";
import { FolderHeatMap } from "./folder-heat-map";
import { Leaderboard } from "./leaderboard";
import { type ThresholdFacts, ThresholdForm } from "./threshold-form";

/** The activity page's engagement: the leaderboard, the threshold, the recount, the folder heat map. */
export function EngagementSection({
  dealId,
  engagement,
  notice,
  thresholdResult,
}: {
  dealId: number;
  engagement: {
    threshold: ThresholdFacts;
    computedAt: string | null;
    visitors: number;
    buyers: LeaderboardEntry[];
    folders: FolderHeat[];
  };
  notice: string | null;
  thresholdResult?: SubmissionResult<string[]> | null;
}) {
  const saving = useNavigationStatus("threshold");
  const recounting = useNavigationStatus("recount");
  return (
    <section aria-labelledby="engagement-title" className="mt-8">
      <h2 id="engagement-title" className="font-semibold text-navy-900 text-xl">
        Engagement
      </h2>
      <p className="mt-1 max-w-3xl text-slate-650 text-sm">
        Each buyer's score adds up the parts shown: documents opened, pages viewed in the preview, time in the
        room, downloads, questions and return visits, each counted up to a cap and weighted. Scores are
        recounted every {ENGAGEMENT_RECOMPUTE_MINUTES} minutes
        {engagement.computedAt ? `; these on ${formatDate(engagement.computedAt, "moment")}` : ""}.
      </p>
      {notice ? (
        <Alert tone="success" className="mt-3">
          {notice}
        </Alert>
      ) : null}
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,28rem)_auto] md:items-end">
        <ThresholdForm facts={engagement.threshold} lastResult={thresholdResult} status={saving} />
        <Form method="post">
          <input type="hidden" name="intent" value="recount" />
          <SubmitButton status={recounting} look="secondary" icon={<RefreshCw aria-hidden size={16} />}>
            Recount now
          </SubmitButton>
        </Form>
      </div>
      <h3 className="mt-6 font-semibold text-navy-900">Leaderboard</h3>
      <Leaderboard dealId={dealId} buyers={engagement.buyers} />
      <h3 className="mt-8 font-semibold text-navy-900">Folder heat map</h3>
      <div className="max-w-3xl">
        <FolderHeatMap folders={engagement.folders} visitors={engagement.visitors} />
      </div>
    </section>
  );
}
