import {
  type ExportFormat,
  type FacetDocument,
  type FacetQueryInput,
  forbidden,
  isAdminOrClaim,
  MAX_FACET_PAGE_SIZE,
  type SessionUser,
} from "@aea/domain";
import type { SecondFactorService } from "../accounts/second-factor/second-factor.service.ts";
import { type ExportColumn, type ExportFile, exportFile } from "../export/table-export.ts";
import type { FacetService } from "./facet.service.ts";

/** The most rows one export holds: the whole buyer network of a demo and far beyond. */
export const ANALYSIS_EXPORT_LIMIT = 50_000;

/**
 * The analysis page's current results as CSV or XLSX (issue 22): every document its filters and sort
 * find, every field of the dataset. Buyer data leaves the site, so, like the user export, it asks for
 * a recent second-factor check (decision 024).
 */
export class AnalysisExportService {
  readonly #facets: FacetService;
  readonly #secondFactor: SecondFactorService;

  constructor(deps: { facets: FacetService; secondFactor: SecondFactorService }) {
    this.#facets = deps.facets;
    this.#secondFactor = deps.secondFactor;
  }

  async export(
    actor: { user: SessionUser; sessionToken?: string },
    facetKey: string,
    query: Pick<FacetQueryInput, "filters" | "sorts">,
    format: ExportFormat,
  ): Promise<ExportFile> {
    if (!isAdminOrClaim(actor.user)) throw forbidden();
    await this.#secondFactor.requireRecentCheck({ userId: actor.user.id, sessionToken: actor.sessionToken });
    const dataset = this.#facets.definitions(facetKey);
    const rows: FacetDocument[] = [];
    for (let start = 0; start < ANALYSIS_EXPORT_LIMIT; start += MAX_FACET_PAGE_SIZE) {
      const page = await this.#facets.query(facetKey, { ...query, size: MAX_FACET_PAGE_SIZE, start });
      rows.push(...page.response.docs);
      if (start + MAX_FACET_PAGE_SIZE >= page.response.numFound) break;
    }
    const columns: ExportColumn<FacetDocument>[] = Object.entries(dataset.fields).map(([field, kind]) => ({
      header: field,
      value: (row) => {
        const value = row[field];
        if (Array.isArray(value)) return value.join("; ");
        if (typeof value === "boolean") return value ? "Yes" : "No";
        return value ?? null;
      },
      width: kind === "text" ? 32 : 20,
    }));
    return exportFile(
      { sheet: dataset.display, columns, rows, creator: "Anticline Energy Advisors" },
      format,
    );
  }
}
