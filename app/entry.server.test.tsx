import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

type Args = Parameters<typeof handleError>[1];

const args = (aborted = false): Args => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return { request: new Request("http://localhost/", { signal: controller.signal }), params: {}, context: { cspNonce: "n" } } as Args;
};

describe("handleError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the client's mistakes that Remix already answered (a 405, a 404) off stderr", () => {
    const write = vi.spyOn(process.stderr, "write").mockReturnValue(true);
    handleError(new ErrorResponse(405, "Method Not Allowed", null, true), args());
    handleError(new ErrorResponse(404, "Not Found", null, true), args());
    handleError(new Error("the client went away"), args(true));
    expect(write).not.toHaveBeenCalled();
  });

  it("writes the server's own faults to stderr with their stack", () => {
    const write = vi.spyOn(process.stderr, "write").mockReturnValue(true);
    handleError(new TypeError("boom"), args());
    expect(String(write.mock.calls[0][0])).toMatch(/^TypeError: boom\n\s+at /);
  });
});
