import type { Core } from "@aea/core";
import { documentSearchApiSchema, SEARCH_MAX_FILES, SEARCH_PAGES_PER_FILE } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { signedInCalls } from "../shared/signed-in-calls.ts";

const hit = z.object({
  fileId: z.number(),
  name: z.string(),
  folderId: z.number().describe("0: the room's top level"),
  paged: z.boolean().describe("Whether the file has pages a preview opens at (PDFs); a text file is page 1"),
  pages: z.array(
    z.object({
      page: z.number(),
      snippet: z
        .array(z.object({ text: z.string(), hit: z.boolean() }))
        .describe("The page's words around the match; `hit` marks the matched words"),
    }),
  ),
});

/**
 * Search inside a data room (issue 23 item 3): only inside a room the viewer may open (404 otherwise,
 * as for a missing deal), over the files of that room, every one of which its viewers may open.
 */
export async function dataRoomSearchRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const { get } = signedInCalls(app, ["FolderManager"]);

  get(
    "/api/FolderManager/SearchDocuments",
    {
      summary: "Search the text of a data room's documents",
      description: `Files holding every word of \`q\` (letters and digits; quotes, \`*\`, NEAR and other query syntax are plain words or ignored), best first: at most ${SEARCH_MAX_FILES} files with their ${SEARCH_PAGES_PER_FILE} best pages each. A query over 200 characters, or without a letter or digit, is a 400 with a message. The search is recorded in the room's activity.`,
    },
    documentSearchApiSchema,
    z.object({ q: z.string(), words: z.array(z.string()), files: z.array(hit), more: z.boolean() }),
    (user, { listingId, q }, ip) => core.dataRoomSearch.search(user, listingId, q, ip),
  );
}
