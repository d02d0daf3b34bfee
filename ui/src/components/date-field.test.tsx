import { describe, expect, it, mock } from "bun:test";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DateField } from "./date-field";

describe("an Italian date field", () => {
  it("shows an ISO value as GG/MM/AAAA", () => {
    render(<DateField label="Dal" value="2026-08-31" onChange={() => {}} />);
    expect((screen.getByLabelText("Dal") as HTMLInputElement).value).toBe("31/08/2026");
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it("hands the caller the ISO date once a complete Italian date is typed", async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = mock((_iso: string) => {});
    render(<DateField label="Dal" value="" onChange={onChange} />);
    await user.type(screen.getByLabelText("Dal"), "31/08/2026");
    expect(onChange.mock.calls).toEqual([["2026-08-31"]]);
  });

  it("says an impossible date is not valid and keeps it from the caller", async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = mock((_iso: string) => {});
    render(<DateField label="Al" value="" onChange={onChange} />);
    const input = screen.getByLabelText("Al");
    await user.type(input, "31/02/2026");
    expect(screen.getByText("Data non valida: usa GG/MM/AAAA")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain("-error");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says a date in the wrong format is not valid once the field is left", async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = mock((_iso: string) => {});
    render(<DateField label="Al" value="" onChange={onChange} />);
    await user.type(screen.getByLabelText("Al"), "2026-08-31");
    await user.tab();
    expect(screen.getByText("Data non valida: usa GG/MM/AAAA")).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("tells the caller when the text becomes no date, and a date again after a half-typed one", async () => {
    const user = userEvent.setup({ delay: null });
    const onValidityChange = mock((_valid: boolean) => {});
    render(<DateField label="Al" value="" onChange={() => {}} onValidityChange={onValidityChange} />);
    const input = screen.getByLabelText("Al");
    await user.type(input, "31/02/2026");
    // Back to "31/" (the error hides while half-typed), then January.
    await user.type(input, "{Backspace>7/}");
    expect(screen.queryByText("Data non valida: usa GG/MM/AAAA")).toBeNull();
    await user.type(input, "01/2026");
    expect((input as HTMLInputElement).value).toBe("31/01/2026");
    expect(onValidityChange.mock.calls).toEqual([[false], [true]]);
  });

  it("gives the caller an empty value when cleared", async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = mock((_iso: string) => {});
    render(<DateField label="Dal" value="2026-08-31" onChange={onChange} />);
    await user.clear(screen.getByLabelText("Dal"));
    expect(onChange.mock.calls).toEqual([[""]]);
  });
});
