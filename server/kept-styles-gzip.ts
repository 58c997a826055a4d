import zlib from "node:zlib";

/**
 * Gzip for a page rendered for one visitor (a cart, My Orders, the checkout, the admin). Three quarters of such a
 * page is the shop's CSS in its `<style id="shop-styles">` (app/utils/shop-styles.server.ts), the same bytes on every
 * page, and compressing them again on every request was a seventh of a cart page's time on a worker.
 *
 * Deflate data may be cut into independently compressed runs: a run ended with a sync flush stops on a byte boundary
 * without ending the stream, and the next run's back-references reach only into itself, which stays valid wherever
 * it sits (RFC 1951 3.2.3 and 3.2.4; WebSocket's permessage-deflate joins messages the same way). So the page is
 * sent as one gzip member (RFC 1952) holding: the part before the styles, compressed now; the styles, compressed once
 * (at the highest level, as it is done once) and kept; the part after them, compressed now and ending the stream;
 * then the CRC-32 of the whole page, carried from part to part, and its length. Any gzip reader reads it as one page.
 */
const STYLES_START = Buffer.from('<style id="shop-styles">');
const STYLES_END = Buffer.from("</style>");
/** Different styles (a new build served beside the old during a deploy) are kept side by side, a few at most. */
const MAX_KEPT = 4;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

const kept: { styles: Buffer; deflated: Buffer }[] = [];

/** The page gzipped at level 6, its shop styles from the kept compression when it has them. */
export function gzipKeepingStyles(html: Buffer): Buffer {
  const start = html.indexOf(STYLES_START);
  const end = start < 0 ? -1 : html.indexOf(STYLES_END, start + STYLES_START.length);
  if (end < 0) return zlib.gzipSync(html, { level: 6 });
  const before = html.subarray(0, start + STYLES_START.length);
  const styles = html.subarray(start + STYLES_START.length, end);
  const after = html.subarray(end);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(after, zlib.crc32(styles, zlib.crc32(before))) >>> 0, 0);
  trailer.writeUInt32LE(html.length >>> 0, 4);
  return Buffer.concat([
    GZIP_HEADER,
    zlib.deflateRawSync(before, { level: 6, ...SYNC }),
    deflatedStyles(styles),
    zlib.deflateRawSync(after, { level: 6 }),
    trailer,
  ]);
}

function deflatedStyles(styles: Buffer): Buffer {
  const found = kept.find((entry) => entry.styles.equals(styles));
  if (found) return found.deflated;
  const entry = { styles: Buffer.from(styles), deflated: zlib.deflateRawSync(styles, { level: 9, ...SYNC }) };
  if (kept.length >= MAX_KEPT) kept.shift();
  kept.push(entry);
  return entry.deflated;
}
