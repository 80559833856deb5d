import type { FastifyBaseLogger as Logger } from 'fastify';

/**
 * Work that runs after the answer is sent, so its duration tells the caller nothing (a password-reset mail to a
 * known address must not make that answer slower than the one for an unknown address). A failure is logged, never
 * answered; closing the app waits for what is still running.
 */
export type Background = {
  run: (name: string, task: () => Promise<void>) => void;
  /** Resolves when no task is running (the app's close, and tests that read what a task wrote). */
  idle: () => Promise<void>;
};

export function createBackground(log: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      // Started on the next turn of the event loop, when the answer has been written: PGlite runs its queries on
      // this thread, so a task started at once would still hold the answer back.
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
