import type { Page } from "@playwright/test";

/** A word the browser laid out over two lines or more: where it is and how it reads. */
export interface BrokenWord {
  word: string;
  /** The tag and classes of the element holding it, to find it in the code. */
  inside: string;
  lines: number;
}

/**
 * Every visible word of the page that is split across lines ("RUOL O"), measured, not guessed: each word
 * of each visible text node becomes a Range whose client rectangles are grouped by their line; a word on
 * two distinct lines is broken. Lines may break at spaces, hyphens and slashes, so those split words here
 * too. One call walks the whole page in the browser, in one round trip.
 */
export function brokenWords(page: Page): Promise<BrokenWord[]> {
  return page.evaluate(() => {
    const found: Array<{ word: string; inside: string; lines: number }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const holder = node.parentElement;
      if (!holder || text.trim() === "" || holder.closest("script, style, svg, [aria-hidden='true']")) continue;
      const style = getComputedStyle(holder);
      if (style.visibility === "hidden" || style.display === "none") continue;
      for (const match of text.matchAll(/[^\s\-‐/]+/g)) {
        const word = match[0];
        if (word.length < 2) continue;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + word.length);
        const tops = new Set<number>();
        for (const rect of range.getClientRects())
          if (rect.width > 0 && rect.height > 0) tops.add(Math.round(rect.top + rect.height / 2));
        // Two rectangles whose middles lie less than half a line apart are the same line.
        const lines = [...tops]
          .sort((a, b) => a - b)
          .filter((top, index, all) => index === 0 || top - (all[index - 1] ?? 0) > 6);
        if (lines.length > 1)
          found.push({
            word,
            inside: `${holder.tagName.toLowerCase()}.${holder.className}`.slice(0, 160),
            lines: lines.length,
          });
      }
    }
    return found;
  });
}
