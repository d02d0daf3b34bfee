import { describe, expect, it } from "bun:test";
import { act, render, screen } from "@testing-library/react";
import { OfflineBanner } from "./offline-banner";

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}

describe("offline banner", () => {
  it("says the data may be old while the network is gone, and leaves when it is back", () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole("status")).toBeNull();

    goOffline(true);
    expect(screen.getByRole("status").textContent).toBe(
      "Connessione assente: i dati mostrati potrebbero non essere aggiornati.",
    );

    goOffline(false);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
