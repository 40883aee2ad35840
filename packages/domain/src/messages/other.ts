// Other (§2, §5, §8)
export const OLD_BROWSER =
  "This site is best viewed in Chrome, Firefox, or Microsoft Edge. Your browser may be unsupported and out of date.";
