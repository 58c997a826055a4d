import http from "node:http";

export type ChunkedAnswer = { status: number; type: string; body: string };

/**
 * POSTs `total` bytes in 16 KB chunks to `url` with the given headers: chunked (no Content-Length) unless the
 * headers give one. Resolves with the answer even when the server stops reading early and closes the connection.
 */
export function postInChunks(url: string, total: number, headers: Record<string, string | number> = {}): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }));
    });
    // The server may close the connection while the body is still being sent; the answer already arrived.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    const chunk = Buffer.alloc(16 * 1024, "a");
    let sent = 0;
    function write() {
      while (sent < total) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!request.write(chunk.subarray(0, size))) return void request.once("drain", write);
      }
      request.end();
    }
    write();
  });
}
