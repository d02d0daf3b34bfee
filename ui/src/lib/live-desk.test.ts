import { describe, expect, it } from "bun:test";
import { splitEvents } from "./live-desk";

describe("the live desk's stream reader", () => {
  it("keeps whole events, skips comments and carries an unfinished block over", () => {
    const first = splitEvents(': connesso\n\nevent: richiesta\ndata: {"id":1}\n\nevent: bloc');
    expect(first.events).toEqual(['event: richiesta\ndata: {"id":1}']);
    expect(first.rest).toBe("event: bloc");
    const second = splitEvents(`${first.rest}co\ndata: {"id":2}\n\n`);
    expect(second.events).toEqual(['event: blocco\ndata: {"id":2}']);
    expect(second.rest).toBe("");
  });
});
