// The analysis page's chart and its send-a-listing tool (issue 22 items 3 and 6)

export const CHART_TEXTS = {
  heading: "Chart",
  kind: "Type of chart",
  facet: "Of",
  measure: "Measure",
  draw: "Draw chart",
  remove: "Remove chart",
  values: "Values drawn",
  none: "No values to draw.",
  count: "Count",
  other: "Other",
  cannotDraw:
    "That chart cannot be drawn: a sum, mean, minimum or maximum needs a facet with statistics (the date facets; for listings also Deal type and Region), a pie shows counts or sums, and date buckets are not a pie.",
} as const;

export const CHART_KIND_NAMES = { bar: "Bar", line: "Line", pie: "Pie" } as const;

export const CHART_MEASURE_NAMES = {
  count: "Count",
  sum: "Sum",
  mean: "Mean",
  min: "Minimum",
  max: "Maximum",
} as const;

export const LISTING_SEND_TEXTS = {
  title: "Send a listing to these buyers",
  listing: "Listing",
  chooseListing: "Choose a public listing",
  preview: "Preview",
  previewOf: (header: string) => `Sending ${header}`,
  recipients: (n: number) =>
    n === 1 ? "1 buyer will get it." : `${n.toLocaleString("en-US")} buyers will get it.`,
  nobody: "None of the buyers found can get it.",
  excluded: "Left out",
  mail: "The mail",
  to: "To:",
  subject: "Subject:",
  sendTo: (n: number) => (n === 1 ? "Send to 1 buyer" : `Send to ${n.toLocaleString("en-US")} buyers`),
  sent: (n: number) =>
    n === 1
      ? "The listing is on its way to 1 buyer."
      : `The listing is on its way to ${n.toLocaleString("en-US")} buyers.`,
} as const;

/** Why a buyer the query found does not get the listing. */
export const LISTING_SEND_EXCLUSIONS = {
  notVerified: "Not verified",
  alertsOff: "Deal alerts turned off",
  alreadySent: "Already sent this listing",
} as const;

export const LISTING_NOT_SENDABLE = "Only a listing on the public market can be sent to buyers.";
export const LISTING_SEND_TOO_MANY = (max: number) =>
  `A send reaches at most ${max.toLocaleString("en-US")} buyers: narrow the query first.`;

export const RANGE_SLIDER_TEXTS = {
  lowest: (facet: string) => `Lowest ${facet}`,
  highest: (facet: string) => `Highest ${facet}`,
  any: "any",
} as const;
