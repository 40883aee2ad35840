import {
  type DocumentHit,
  type DocumentSearchResult,
  dataRoomFilePath,
  previewAtPagePath,
  type SnippetPart,
  DOCUMENT_SEARCH_TEXTS as TEXTS,
} from "@aea/domain";
import { Link } from "react-router";
import { cardStyles } from "../../../components/staff/card";
import { Alert } from "../../../components/ui/alert";
import { FileIcon } from "../file-icon";
import { RoomSubpage } from "../room-subpage";
import { DocumentSearchBox } from "./document-search-box";

/** The room's search page: the box, then the documents found with their best pages. */
export function SearchPage({
  deal,
  q,
  error,
  result,
}: {
  deal: { id: number; header: string };
  q: string;
  error: string | null;
  result: DocumentSearchResult | null;
}) {
  return (
    <RoomSubpage
      deal={deal}
      name={TEXTS.title}
      narrow
      header={
        <>
          <div className="mt-4">
            <DocumentSearchBox listingId={deal.id} q={q} />
          </div>
          <p className="mt-2 text-slate-650 text-sm">{TEXTS.howItWorks}</p>
        </>
      }
    >
      {error ? (
        <Alert tone="error" className="mt-5">
          {error}
        </Alert>
      ) : null}
      {result ? <Results dealId={deal.id} result={result} /> : null}
    </RoomSubpage>
  );
}

function Results({ dealId, result }: { dealId: number; result: DocumentSearchResult }) {
  if (result.files.length === 0) return <p className="mt-6 text-slate-650">{TEXTS.noHits(result.q)}</p>;
  return (
    <section aria-labelledby="hits-heading" className="mt-6">
      <h2 id="hits-heading" className="font-semibold text-lg text-navy-900">
        {TEXTS.hits(result.files.length)}
      </h2>
      {result.more ? <p className="mt-1 text-slate-650 text-sm">{TEXTS.moreThanShown}</p> : null}
      <ol className="mt-3 space-y-3">
        {result.files.map((file) => (
          <li key={file.fileId} className={`${cardStyles} p-4`}>
            <FileHit dealId={dealId} file={file} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function FileHit({ dealId, file }: { dealId: number; file: DocumentHit }) {
  // A PDF opens in the room's preview at the page; a text file has no pages, and downloads.
  const hrefOf = (page: number) =>
    file.paged ? previewAtPagePath(dealId, file, page) : dataRoomFilePath(dealId, file.fileId);
  const first = file.pages[0]?.page ?? 1;
  return (
    <article>
      <h3 className="flex items-start gap-2 font-semibold text-navy-900">
        <FileIcon name={file.name} />
        <Link to={hrefOf(first)} reloadDocument={!file.paged} className="min-w-0 break-words hover:underline">
          {file.name}
        </Link>
      </h3>
      <ul className="mt-2 space-y-2">
        {file.pages.map(({ page, snippet }) => (
          <li key={page} className="text-sm">
            {file.paged ? (
              <Link
                to={hrefOf(page)}
                className="mr-2 font-semibold text-navy-700 underline-offset-2 hover:underline"
                aria-label={`${file.name}, ${TEXTS.page(page)}`}
              >
                {TEXTS.page(page)}
              </Link>
            ) : null}
            <Snippet parts={snippet} />
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The page's words around the match, the matched ones marked (drawn as text: nothing is HTML). */
function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <span className="text-slate-650">
      {parts.map((part, n) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <mark key={n} className="rounded-sm bg-amber-100 px-0.5 text-navy-900">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <span key={n}>{part.text}</span>
        ),
      )}
    </span>
  );
}
