import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("keepStdoutJson", () => {
  it("turns plain lines written to stdout into log records without colour codes, and passes JSON lines through", () => {
    // In a process of its own: the guard replaces process.stdout.write for good.
    const script = `
      import { keepStdoutJson } from "./app/utils/logger.server.ts";
      keepStdoutJson();
      process.stdout.write("payment 42 was paid: \\u001b[31mrefund it\\u001b[39m\\n{\\"level\\":\\"info\\",\\"msg\\":\\"kept\\"}\\nhalf a ");
      process.stdout.write("line\\n\\n");
    `;
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    const lines = output.split("\n").filter((line) => line !== "");
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: "info", msg: "payment 42 was paid: refund it", pid: expect.any(Number) }),
      { level: "info", msg: "kept" },
      expect.objectContaining({ level: "info", msg: "half a line" }),
    ]);
    expect(output).not.toContain("\u001b");
  });
});
