import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";
import { logger } from "./utils/logger.server";

type Args = Parameters<typeof handleError>[1];

const args = (aborted = false): Args => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return { request: new Request("http://localhost/", { signal: controller.signal }), params: {}, context: { cspNonce: "n" } } as Args;
};

describe("handleError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the client's mistakes that Remix already answered (a 405, a 404) out of the log", () => {
    const error = vi.spyOn(logger, "error").mockReturnValue(undefined);
    handleError(new ErrorResponse(405, "Method Not Allowed", null, true), args());
    handleError(new ErrorResponse(404, "Not Found", null, true), args());
    handleError(new Error("the client went away"), args(true));
    expect(error).not.toHaveBeenCalled();
  });

  it("logs the server's own faults as errors with their stack and the request's id", () => {
    const error = vi.spyOn(logger, "error").mockReturnValue(undefined);
    const request = new Request("http://localhost/", { headers: { "X-Request-Id": "req-0123456789" } });
    handleError(new TypeError("boom"), { ...args(), request });
    const [fields, message] = error.mock.calls[0] as unknown as [{ requestId: string; err: { type: string; message: string; stack: string } }, string];
    expect(message).toBe("server error");
    expect(fields.requestId).toBe("req-0123456789");
    expect(fields.err).toMatchObject({ type: "TypeError", message: "boom" });
    expect(fields.err.stack).toMatch(/^TypeError: boom\n\s+at /);
  });
});
