import { zonedTimeText } from "@aea/domain";
import type { ExportColumn } from "../../export/table-export.ts";
import type { BidRound } from "./bid.repository.ts";
import type { ComparedBid } from "./bid-views.ts";

const MONEY = "#,##0.00";

/** The comparison's columns, as staff read them side by side on the page. */
export const BID_EXPORT_COLUMNS = (round: BidRound): readonly ExportColumn<ComparedBid>[] => [
  { header: "Bidder", value: (b) => b.bidderName, width: 24 },
  { header: "Company", value: (b) => b.company, width: 24 },
  { header: "Email", value: (b) => b.bidderEmail, width: 28 },
  { header: "Amount (USD)", value: (b) => b.amount, numberFormat: MONEY, width: 18 },
  { header: "$/acre", value: (b) => b.perAcre, numberFormat: MONEY },
  { header: "$/flowing BOE per day", value: (b) => b.perFlowingBoe, numberFormat: MONEY },
  { header: "% of PV10", value: (b) => b.pctOfPv10, numberFormat: "0.0" },
  { header: "Effective date", value: (b) => b.effectiveDate },
  { header: "Conditions", value: (b) => b.conditions, width: 40 },
  { header: "Attachments", value: (b) => b.attachments.map((a) => a.name).join("; "), width: 30 },
  { header: "Revision", value: (b) => b.revision, width: 10 },
  { header: "Submitted", value: (b) => zonedTimeText(b.submittedAt, round.timeZone) },
  { header: "SHA-256", value: (b) => b.sha256, width: 66 },
  { header: "Winner", value: (b) => (round.winnerBidId === b.id ? "Winner" : ""), width: 10 },
];
