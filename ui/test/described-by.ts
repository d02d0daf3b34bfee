/** What a control's `aria-describedby` points to, as a screen reader reads it after the control's name. */
export function describedText(element: Element): string {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");
}

/** The error a form marks on a field: its message when the field is `aria-invalid`, else null. */
export function fieldError(element: Element): string | null {
  return element.getAttribute("aria-invalid") === "true" ? describedText(element) : null;
}

/** Why a button cannot be pressed: the line it points to when disabled, else null. */
export function disabledBecause(button: Element): string | null {
  return button.hasAttribute("disabled") ? describedText(button) : null;
}
