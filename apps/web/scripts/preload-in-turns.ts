/**
 * Vite's preload helper, with its links put into the page a few per task (a plugin of `vite.config.ts`).
 *
 * A lazy import in the built app first puts a `<link rel="modulepreload">` (or a stylesheet link) into the head for
 * every file the chunk needs, then imports it. Each link starts its download on the main thread: 40 of them took
 * 108–264 ms with the CPU slowed 4× as on Lighthouse's phone. A page opened with a session inserts 50–70, most of them
 * in the task that runs the entry, so that task was one of the longest on a phone (docs/performance.md, 'What a
 * signed-in screen's long tasks hold'). Now the helper queues them and a task of its own inserts LINKS_PER_TASK of
 * them, then gives the browser its turn; the import starts once all of its links are in, as before, and a stylesheet
 * is still waited for. What is loaded, and in which order, does not change.
 *
 * Vite makes the helper from its source at build time (`\0vite/preload-helper.js`); the plugin rewrites two lines of
 * it and fails the build when it does not find them (a Vite release that changed the helper).
 */
import type { Plugin } from 'vite';

/** Links put into the head in one task: about 10–25 ms of a phone's main thread, under Lighthouse's 50 ms. */
export const LINKS_PER_TASK = 4;

const HELPER_ID = '\0vite/preload-helper.js';
const APPEND = 'document.head.appendChild(link);';
const CSS_WAIT = 'if (isCss) return new Promise(';

/**
 * The queue: links waiting for their turn, and the task that inserts the next few. A `MessageChannel` message is a
 * task of its own without the clamp a chain of `setTimeout`s gets.
 */
const QUEUE = `const linksInTurn = [];
let linkTurnAsked = false;
const linkTurns = new MessageChannel();
linkTurns.port1.onmessage = () => {
  linkTurnAsked = false;
  for (const [link, inserted] of linksInTurn.splice(0, ${LINKS_PER_TASK})) {
    document.head.appendChild(link);
    inserted();
  }
  if (linksInTurn.length > 0) askLinkTurn();
};
function askLinkTurn() {
  if (linkTurnAsked) return;
  linkTurnAsked = true;
  linkTurns.port2.postMessage(null);
}
function appendInTurn(link) {
  return new Promise((inserted) => {
    linksInTurn.push([link, inserted]);
    askLinkTurn();
  });
}
`;

/** The helper's code with its links inserted in turns; throws when the two lines it rewrites are not there once. */
export function preloadLinksInTurns(code: string): string {
  for (const line of [APPEND, CSS_WAIT]) {
    if (code.split(line).length !== 2)
      throw new Error(`Vite's preload helper changed: '${line}' is not in it once (scripts/preload-in-turns.ts)`);
  }
  return (
    QUEUE +
    code
      .replace(APPEND, 'const inserted = appendInTurn(link);')
      // A stylesheet's listeners are set before it is in the page, which is allowed: its load comes later anyway.
      .replace(CSS_WAIT, `if (!isCss) return inserted;\n${CSS_WAIT}`)
  );
}

export function preloadInTurns(): Plugin {
  return {
    name: 'ateliermarkt:preload-in-turns',
    apply: 'build',
    transform(code, id) {
      return id === HELPER_ID ? preloadLinksInTurns(code) : null;
    },
  };
}
