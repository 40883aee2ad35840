// Pictures sent by users (uploads, listing pictures)
/** A picture refused from its header for holding too many pixels to decode safely. */
export function imageTooManyPixels(width: number, height: number, maxPixels: number): string {
  return `The image is ${width}×${height} pixels; at most ${maxPixels / 1_000_000} megapixels are accepted.`;
}
