/**
 * Reading a downloaded file's body with what the transport proves about it: a body whose byte
 * length equals the Content-Length the service sent is provably whole; a shorter one was cut off.
 *
 * fetch decodes a compressed body, while Content-Length counts the compressed bytes, so the two are
 * compared only when the body came as sent: no Content-Encoding, or `identity`. A cross-origin
 * answer hides Content-Encoding from the page unless the service exposes it, so there a different
 * length proves nothing either way (fetch itself fails a transfer that ends early).
 */
import { ResponseValidationError } from "./errors";
import { joinBytes, type Answer, type BodySink } from "./exchange";

export interface DownloadedBody {
  bytes: Uint8Array;
  /** The byte length matched the Content-Length the service sent. */
  lengthProven: boolean;
}

/** The Content-Length that counts the bytes fetch hands over, or null when there is none to compare. */
function comparableLength(answer: Answer): { length: number; encodingVisible: boolean } | null {
  const declared = answer.headers.get("content-length")?.trim();
  if (!declared || !/^\d+$/.test(declared)) return null;
  const encoding = answer.headers.get("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity") return null;
  // Same-origin and non-browser answers show every header; a CORS answer may hide Content-Encoding.
  const encodingVisible = answer.type !== "cors" && answer.type !== "opaque";
  return { length: Number(declared), encodingVisible };
}

/**
 * A file's download as messages name it: its path (a signed URL's query is long and may carry a
 * credential), e.g. "GET /files/3f2a.csv".
 */
export function downloadEndpoint(url: string): string {
  try {
    return `GET ${new URL(url).pathname}`;
  } catch {
    return "GET the report's file";
  }
}

/** A downloaded answer's bytes, and whether their length is proven by Content-Length. */
export function readDownload(answer: Answer, endpoint: string): DownloadedBody {
  const { bytes, size } = answer;
  const expected = comparableLength(answer);
  if (!expected) return { bytes, lengthProven: false };
  if (size < expected.length && expected.encodingVisible)
    throw new ResponseValidationError(
      "Content-Length",
      `the download has ${size} of the ${expected.length} bytes the service announced: it was cut off`,
      endpoint,
    );
  return { bytes, lengthProven: size === expected.length };
}

/** Where a streamed download's text goes, piece by piece (a report's CSV reader). */
export interface TextSink {
  push(text: string): void;
}

/**
 * Bytes of `bytes` up to its last whole UTF-8 character: a lead byte in the last three whose
 * sequence is not complete starts what is held for the next piece.
 */
function wholeCharsLength(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
    const b = bytes[i];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return i + length > bytes.length ? i : bytes.length;
  }
  return bytes.length;
}

/**
 * Bytes decoded and read at a time. A download arrives in pieces of about 64 KiB; read one by one,
 * each piece's text is a young object the garbage collector copies, and each is a join and a pass of
 * the reader: in batches of a MiB the reader is about a tenth faster (bench/write.bench.ts). The
 * reader waits for the first MiB anyway, to guess the line end as papaparse does.
 */
export const DECODE_BATCH_BYTES = 1 << 20;

/**
 * A body sink that decodes UTF-8 as the bytes arrive, exactly as decoding the whole body would
 * (a BOM dropped, as Response.text() does). The pieces are gathered up to `batchBytes`, then
 * decoded up to their last whole character, the rest held for the next batch: a decoder in
 * streaming mode is about six times slower in Node.
 */
export function utf8Sink(target: TextSink, batchBytes = DECODE_BATCH_BYTES): BodySink {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let pieces: Uint8Array[] = [];
  let size = 0;
  let first = true;
  const push = (bytes: Uint8Array) => {
    let text = decoder.decode(bytes);
    if (first && text !== "") {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    target.push(text);
  };
  const gathered = () => joinBytes(pieces, size);
  return {
    write: (chunk) => {
      pieces.push(chunk);
      size += chunk.length;
      if (size < batchBytes) return;
      const bytes = gathered();
      const whole = wholeCharsLength(bytes);
      const rest = bytes.slice(whole);
      pieces = rest.length ? [rest] : [];
      size = rest.length;
      push(bytes.subarray(0, whole));
    },
    // What is still held may end in a cut character: decoded as the whole body's end would be.
    end: () => push(gathered()),
  };
}

/** UTF-8 text of a body (a BOM is dropped, as Response.text() does). */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}
