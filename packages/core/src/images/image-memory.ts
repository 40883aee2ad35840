import sharp from "sharp";

/**
 * libvips keeps up to 50 MB of decoded images and operations in its own cache and runs a thread per
 * core for each image, each with buffers of its own that the allocator then keeps. A server renders
 * each size of an image once (renders are stored, decision 015) and a few at a time, so the cache
 * only holds memory, and one thread per image is enough: set once at start-up, before the demo's
 * pictures are drawn (decision 037).
 */
export function limitImageMemory(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}
