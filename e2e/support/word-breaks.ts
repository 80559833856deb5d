import type { Page } from 'playwright-core';

/**
 * Words a list breaks in the middle: every word of every table cell and list card, measured with a DOM
 * Range over the word. A word whose boxes lie on more than one line was split ('Wandteg|el'). Answers each split word
 * with the text it stands in, so a failure says what broke. A word wider than its whole cell is not counted.
 */
export function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cells = document.querySelectorAll(
      '.mantine-datatable tbody td, .mantine-datatable thead th, ul[aria-label] > li, ul[aria-labelledby] > li',
    );
    const found: string[] = [];
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s/·,()\-–]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index ?? 0);
          range.setEnd(node, (match.index ?? 0) + match[0].length);
          const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          const lines = new Set(boxes.map((r) => Math.round(r.top)));
          // A run of letters wider than its whole cell (a customer who typed sixty letters without a space) must
          // break inside: no layout could show it on one line. Every other word breaks only between words.
          const style = getComputedStyle(cell);
          const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const width = boxes.reduce((sum, r) => sum + r.width, 0);
          // A word cut off with an ellipsis has one box; a word on two lines has two tops.
          if (lines.size > 1 && width <= room) found.push(`${match[0]} (in "${text.trim().slice(0, 60)}")`);
        }
      }
    }
    return found;
  });
}
