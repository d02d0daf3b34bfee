import { describe, expect, it } from "bun:test";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ClampedText } from "./clamped-text";

describe("a description on a card", () => {
  it("shows a short text whole, with nothing to unfold", () => {
    render(<ClampedText text="Obiettivo 50 mm luminoso." />);
    expect(screen.getByText("Obiettivo 50 mm luminoso.").className).not.toContain("line-clamp-3");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("folds a long text to three lines, and Mostra tutto / Mostra meno open and fold it", async () => {
    const user = userEvent.setup({ delay: null });
    const text = "Un obiettivo luminoso per ritratti e reportage. ".repeat(20);
    render(<ClampedText text={text} />);
    const paragraph = screen.getByText(text.trim());
    expect(paragraph.className).toContain("line-clamp-3");

    await user.click(screen.getByRole("button", { name: "Mostra tutto" }));
    expect(paragraph.className).not.toContain("line-clamp-3");
    await user.click(screen.getByRole("button", { name: "Mostra meno" }));
    expect(paragraph.className).toContain("line-clamp-3");
  });

  it("folds a text of many short lines too", () => {
    render(<ClampedText text={"uno\ndue\ntre\nquattro"} />);
    expect(screen.getByRole("button", { name: "Mostra tutto" })).toBeTruthy();
  });
});
