/**
 * React 18.3.1's streamed render wrote its whole 2 KB buffer when an Arabic letter (2 bytes in UTF-8) did not fit in
 * the last byte left: a NUL went into the page, which browsers show as "�" inside a name or a label. The patch in
 * patches/react-dom+18.3.1.patch writes only the filled part (decision 0032).
 *
 * The same patch has the render start, and go on when data it waited for arrives, in a microtask rather than at
 * `setImmediate`: each of those was a turn of the event loop in which a busy worker answered every other request
 * first (decision 0099).
 */
import { Suspense } from "react";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

function render(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

describe("the streamed page", () => {
  it("holds every Arabic letter of a long page whole, with no byte put between them", async () => {
    const cards = Array.from({ length: 300 }, (_, index) => (
      <button key={index} aria-label={`أضف إلى السلة: فيونكة ${index}`}>
        أضف إلى السلة<span>{`فيونكة كحلي كبيرة بذيول ${index}`}</span>
      </button>
    ));
    const bytes = await render(<div>{cards}</div>);
    expect(bytes.includes(0)).toBe(false);
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(html.match(/فيونكة كحلي كبيرة بذيول/g)).toHaveLength(300);
  });

  it("renders a page whose data arrives in parts without waiting for the event loop's other work", async () => {
    // As Remix's <Scripts> streams a route's data: a part of the page waits for a promise that is already on its way.
    const arriving = Promise.resolve("تم");
    let thrown = false;
    function StreamedData() {
      if (!thrown) {
        thrown = true;
        throw arriving.then(() => undefined);
      }
      return <script>{"window.done = true"}</script>;
    }
    let otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const html = (
      await render(
        <main>
          فيونكة<Suspense fallback={null}><StreamedData /></Suspense>
        </main>,
      )
    ).toString("utf8");
    expect(html).toContain("window.done = true");
    expect(otherWorkRan, "the render waited for a turn of the event loop").toBe(false);
  });
});
