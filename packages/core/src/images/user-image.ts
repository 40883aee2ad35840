/**
 * Every image decoded from a user's bytes goes through here: its size is read from the header
 * without decoding a pixel, refused when it holds too many pixels, and only then decoded, with
 * sharp's own pixel limit as a second lock. A small file can claim a huge image (a PNG of zeros
 * compresses a thousandfold), and decoding it would take the memory the header promises.
 */
import { type AppError, fail, imageTooManyPixels } from "@aea/domain";
import sharp, { type Metadata, type Sharp } from "sharp";

/**
 * Largest upload decoded (content files, listing pictures): a 40-megapixel camera photo. sharp
 * resizes it in strips, so even this size does not hold the whole decoded image in memory at once.
 */
export const USER_IMAGE_MAX_PIXELS = 40_000_000;

export interface UserImageRules {
  maxPixels: number;
  /** The refusal of bytes that are no image sharp can read. */
  unreadable: () => AppError;
  /** The refusal of an image over maxPixels; by default 400 IMAGE_TOO_LARGE naming its size. */
  tooLarge?: (width: number, height: number) => AppError;
}

export interface UserImage {
  /** Read from the header alone. */
  metadata: Metadata;
  /** The image for decoding: sharp refuses it again should the pixels outgrow the header. */
  decode: () => Sharp;
}

export async function userImage(bytes: Uint8Array, rules: UserImageRules): Promise<UserImage> {
  let metadata: Metadata;
  try {
    // No limit here: reading the header decodes nothing, and the size is checked just below with a message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw rules.unreadable();
  }
  const { width, height } = metadata;
  if (!width || !height) throw rules.unreadable();
  if (width * height > rules.maxPixels) {
    throw (
      rules.tooLarge?.(width, height) ??
      fail("IMAGE_TOO_MANY_PIXELS", imageTooManyPixels(width, height, rules.maxPixels))
    );
  }
  return {
    metadata,
    decode: () => sharp(bytes, { limitInputPixels: rules.maxPixels, failOn: "error" }),
  };
}
