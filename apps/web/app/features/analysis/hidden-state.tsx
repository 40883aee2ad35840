import { type AnalysisState, analysisHref } from "@aea/domain";

/**
 * The page's state as hidden fields of a GET form (a typed range), so submitting it keeps every other
 * setting of the address, before the page's JavaScript arrives too.
 */
export function HiddenState({ path, state }: { path: string; state: AnalysisState }) {
  const params = new URL(analysisHref(path, state), "http://x").searchParams;
  return (
    <>
      {[...params.entries()].map(([name, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same field repeats (`f`), in order.
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
