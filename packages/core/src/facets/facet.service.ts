import { ANALYSIS_DATASETS, type FacetDataset, type FacetResults, fail } from "@aea/domain";
import type { Clock } from "../clock.ts";
import type { DataVersionReader } from "../data-version/data-version.ts";
import type { Engine, Executor } from "../db/database.ts";
import { type FacetSearch, InMemoryFacetSearch } from "./facet-search.ts";
import { ListingDocumentRepository } from "./listing-documents.repository.ts";
import { ParticipantDocumentRepository } from "./participant-documents.repository.ts";

/**
 * Faceted analysis of the buyer network and the listings (issue 22): each dataset's facet
 * definitions, and its queries answered by its search (`facetKey` is `participant` or `listing`).
 */
export class FacetService {
  readonly #searches: Map<string, FacetSearch>;
  readonly #clock: Clock;

  constructor(db: Executor, engine: Engine, dataVersion: DataVersionReader, clock: Clock) {
    this.#clock = clock;
    const participants = new ParticipantDocumentRepository(db, engine);
    const listings = new ListingDocumentRepository(db, engine);
    this.#searches = new Map<string, FacetSearch>([
      [
        "participant",
        new InMemoryFacetSearch(
          {
            dataset: dataset("participant"),
            documents: (ids) => participants.documents(ids),
            dependsOn: ["participants"],
          },
          dataVersion,
        ),
      ],
      [
        "listing",
        new InMemoryFacetSearch(
          {
            dataset: dataset("listing"),
            documents: (ids) => listings.documents(ids),
            dependsOn: ["listings", "deal-activity"],
          },
          dataVersion,
        ),
      ],
    ]);
  }

  /** A dataset's fields and facet definitions. */
  definitions(facetKey: string): FacetDataset {
    return this.#search(facetKey).dataset;
  }

  /** The spec's results for a query payload (a bad payload is a 400 naming the field). */
  query(facetKey: string, payload: unknown): Promise<FacetResults> {
    return this.#search(facetKey).query(payload, this.#clock.now());
  }

  close(): void {
    for (const search of this.#searches.values()) search.close();
  }

  #search(facetKey: string): FacetSearch {
    const search = this.#searches.get(facetKey);
    if (!search) throw fail("VALIDATION", `name: "${facetKey}" is not a dataset (participant or listing)`);
    return search;
  }
}

function dataset(key: string): FacetDataset {
  return ANALYSIS_DATASETS[key] as FacetDataset;
}
