import type { RouteHandle } from "@aea/domain";
import { data } from "react-router";
import { appContext } from "../app-context";
import {
  readPitchbook,
  readServiceSummaries,
  readTombstones,
} from "../features/marketing/pitchbook-content.server";
import {
  isPitchbookPath,
  PitchbookTabs,
  PitchbookView,
  pitchbookHref,
  ServiceList,
  TombstoneGrid,
  TombstonesHeader,
} from "../features/marketing/pitchbooks";
import { canonicalLink } from "../lib/canonical";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/pitchbooks.$path";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const path = params.path;
  if (!isPitchbookPath(path)) throw data(null, { status: 404 });
  const { core } = context.get(appContext);
  const [book, tombstones, services] = await Promise.all([
    readPitchbook(core.content, path),
    path === "tombstones" ? readTombstones(core) : [],
    path === "products-services" ? readServiceSummaries(core.content) : [],
  ]);
  return { book, tombstones, services };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { book } = loaderData;
  return [
    { title: pageTitle(matches, book.title) },
    ...(book.description ? [{ name: "description", content: book.description }] : []),
    canonicalLink(matches, pitchbookHref(book.path)),
  ];
};

export default function PitchbookRoute({ loaderData }: Route.ComponentProps) {
  const { book, tombstones, services } = loaderData;
  return (
    <>
      <PitchbookTabs current={book.path} />
      {book.path === "tombstones" ? (
        <>
          <TombstonesHeader book={book} count={tombstones.length} />
          <TombstoneGrid tombstones={tombstones} />
        </>
      ) : (
        <>
          <PitchbookView book={book} />
          <ServiceList services={services} />
        </>
      )}
    </>
  );
}
