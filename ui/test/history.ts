import { act } from "@testing-library/react";

/**
 * The browser's Back or Forward button. The page learns of it from a `popstate` event that comes later,
 * so the move is awaited inside act(): the screen's update is part of the test, as a person would see it.
 */
export async function pressBrowser(button: "back" | "forward") {
  await act(async () => {
    const moved = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    window.history[button]();
    await moved;
  });
}
