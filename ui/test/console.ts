import { spyOn } from "bun:test";

/**
 * Collects what the screens log through `console[method]` during one test, so that a test can assert a
 * failure the spec says is "only logged" (the spy is restored after each test by the setup).
 */
export function captureConsole(method: "info" | "warn"): string[] {
  const lines: string[] = [];
  spyOn(console, method).mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
  return lines;
}
