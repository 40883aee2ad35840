import { crc32, deflateSync } from "node:zlib";

/**
 * A real PNG that claims width × height pixels yet weighs a few KB: one-bit grayscale rows of zeros,
 * which deflate a thousandfold. Decoding it takes the memory its header promises (four bytes a
 * pixel once expanded to RGBA), which is what the pixel caps must refuse to do.
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale; compression, filter and interlace stay 0
  // Each row: filter byte 0, then width bits of zeros.
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The bomb as the signature pad's data URL. */
export function pngBombDataUrl(width: number, height: number): string {
  return `data:image/png;base64,${pngBomb(width, height).toString("base64")}`;
}
