import type { Brochure } from "@aea/domain";

export interface BrochureSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface BrochureText {
  tagline: string;
  intro: string;
  sections: BrochureSection[];
}

/** The words of each seller brochure; `firm` and `short` are the firm's full and short names. */
export function brochureText(slug: Brochure["slug"], firm: string, short: string): BrochureText {
  switch (slug) {
    case "divestiture-services":
      return {
        tagline: "Turning non-core oil and gas assets into cash since 1985",
        intro: `${firm} markets producing properties, leasehold, minerals, royalties and drilling prospects for operators, private-equity portfolios, mineral owners and families. We run a disciplined, competitive process designed to produce the highest price the market will bear, on a timetable you can plan around.`,
        sections: [
          {
            heading: "A process built for value",
            bullets: [
              "Engagement and valuation: our engineers review production, reserves and upside to set expectations before the sale begins.",
              "Packaging: a concise teaser, a full marketing book, maps, type curves and economics that buyers can check.",
              "Outreach: every package goes to the buyers whose criteria it fits, and our team follows up personally.",
              "Data room: a virtual data room opens on launch day, with activity reports showing who is doing real work.",
              "Bids and negotiation: sealed-bid or negotiated sale, we compare offers on value and certainty, not price alone.",
              "Closing: we coordinate purchase-and-sale agreements, title and transition so the deal closes on schedule.",
            ],
          },
          {
            heading: "Sealed bid or negotiated sale",
            paragraphs: [
              "Sealed-bid sales set a firm timetable and suit well-understood assets with a deep pool of buyers. Negotiated sales suit unusual or larger assets that reward a buyer's imagination. We recommend the route that fits your asset and the market, and we tell you why.",
            ],
          },
          {
            heading: `Why sellers choose ${short}`,
            paragraphs: [
              "Four decades of marketing oil and gas properties, thousands of closings, and a team with more than three hundred years of combined experience. We are paid to sell, so our interests stay aligned with yours from the first call to the final wire.",
            ],
          },
        ],
      };
    case "data-room-hosting":
      return {
        tagline: "Secure, organised diligence that keeps bidders moving",
        intro: `Buyers bid with confidence when they can find what they need. ${firm} hosts a virtual data room for every assignment, organised to the same index so engineers, landmen and financial analysts go straight to their documents.`,
        sections: [
          {
            heading: "What every data room holds",
            bullets: [
              "Land: leases, title opinions, division orders, unit agreements and lease maps.",
              "Engineering: production histories, reserve reports, type curves and decline analyses.",
              "Geology: structure and isopach maps, cross-sections, well logs and seismic summaries.",
              "Operations: well files, facilities, regulatory filings, environmental and safety records.",
              "Financials: lease operating statements, revenue and expense detail, and the seller's economics.",
            ],
          },
          {
            heading: "Control and visibility",
            paragraphs: [
              "Access is granted per buyer after a signed confidentiality agreement, and can be limited to folders or withdrawn at any time. Files are watermarked with the viewer's name, and every view and download is logged.",
              "Weekly activity reports show the seller which companies are doing real work, so the bid date holds no surprises.",
            ],
          },
          {
            heading: "Fast for buyers, simple for sellers",
            paragraphs: [
              `Send us your files in any form; our team indexes, names and checks them before launch. Buyers use an access code and a browser, with nothing to install. ${short} staff answer data-room questions the same business day.`,
            ],
          },
        ],
      };
    case "technical-services":
      return {
        tagline: "Engineering and geology that buyers believe",
        intro: `Buyers discount what they cannot check. The technical team at ${firm} prepares the evaluations behind every package and shows its work, so diligence confirms value rather than questions it.`,
        sections: [
          {
            heading: "Reserves and economics",
            bullets: [
              "Reserve reports and audits by category (PDP, PDNP, PUD), with pricing and cost assumptions stated plainly.",
              "Decline-curve and type-curve analysis built from the wells behind them, published with the package.",
              "Cash-flow models with working interest, net revenue interest, operating costs and capital schedules.",
            ],
          },
          {
            heading: "Geology and development",
            bullets: [
              "Mapping of productive intervals, offset activity and remaining locations.",
              "Upside identification: behind-pipe zones, refracs, infill and step-out drilling opportunities.",
              "Independent review of operator development plans and AFEs.",
            ],
          },
          {
            heading: "Beyond a sale",
            paragraphs: [
              "Our engineers also serve clients who are not selling: acquisition evaluations for buyers, portfolio reviews for lenders and funds, and fairness support for boards and trustees. Every report is written to be read by a decision-maker, not only by another engineer.",
            ],
          },
        ],
      };
    default:
      return {
        tagline: "The industry's largest network of qualified oil and gas buyers",
        intro: `A sale is only as good as the bidders it reaches. ${firm} keeps a curated network of buyers, from large independents to family offices, each with recorded criteria, so every package reaches the companies most likely to pay for it.`,
        sections: [
          {
            heading: "Who is in the network",
            bullets: [
              "Public and private operators looking for producing properties and development inventory.",
              "Private-equity-backed companies and funds with capital to deploy across basins.",
              "Mineral and royalty aggregators, trusts and family offices.",
              "Strategic buyers seeking bolt-on acreage, infrastructure and salt water disposal assets.",
            ],
          },
          {
            heading: "How we match deals to buyers",
            paragraphs: [
              "Registered buyers tell us what they acquire: deal types, regions, basins and deal sizes. New assignments are matched against those criteria and announced to the right companies the day they launch, and our team follows each announcement with a personal call.",
              "Buyers browse every current assignment online, request data-room access with one click, and see private opportunities reserved for qualified parties.",
            ],
          },
          {
            heading: `Join the ${short} buyer network`,
            paragraphs: [
              "Registration is free and takes a minute. Sellers gain reach; buyers gain first look at deals across the United States, Canada and international basins.",
            ],
          },
        ],
      };
  }
}
