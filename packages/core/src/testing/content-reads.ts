import { AppError } from "@aea/domain";
import { expect } from "vitest";
import type { ContentQuery } from "../content/query/content-query.ts";
import type { ContentRecord } from "../content/query/content-schema.ts";
import type { Core } from "../core.ts";

/**
 * How the content service tests read: lists, one field of each item, the energy prices a filter keeps,
 * and a query the service must refuse with its message. `current` gives the core of the running engine.
 */
export function contentReads(current: () => Core) {
  const list = async (collection: string, query: ContentQuery = {}) =>
    (await current().content.readItems(collection, query)).data as ContentRecord[];
  const names = async (collection: string, query: ContentQuery, field = "name") =>
    (await list(collection, { ...query, fields: field })).map((row) => row[field]);
  const prices = (filter: ContentQuery["filter"]) => names("energy_prices", { filter });
  const invalid = async (collection: string, query: ContentQuery, message: RegExp) => {
    const error = await current()
      .content.readItems(collection, query)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: "INVALID_QUERY" });
    expect((error as Error).message).toMatch(message);
  };
  return { list, names, prices, invalid };
}
