/** Text colours that read on any background an editor picks. */
const dark = "var(--color-navy-950)";
const light = "white";

/**
 * Dark text on light backgrounds, white on dark ones (WCAG relative luminance). Accepts #rgb and
 * #rrggbb; anything else (a named colour, a variable) gets dark text.
 */
export function contrastingText(background: string): string {
  const hex = background.trim().replace(/^#/, "");
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return dark;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white equals contrast with near-black at about 0.18.
  return luminance > 0.18 ? dark : light;
}

/** A CSS colour an editor typed, or the fallback when it is not one we accept. */
export function cssColour(value: string, fallback: string): string {
  const colour = value.trim();
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour) ||
    /^(rgb|hsl)a?\([\d\s.,%/]+\)$/i.test(colour) ||
    /^[a-z]+$/i.test(colour)
    ? colour
    : fallback;
}
