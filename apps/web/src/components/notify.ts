import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/api-client.ts';

/**
 * The one way to tell the user how an action went: green for success, red for failure with the server's Dutch
 * reason (or `fallback` when it gave none). Screens call these instead of writing their own notices.
 */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}

export function notifyFailure(error: unknown, options: { title?: string; fallback?: string } = {}): void {
  notifications.show({ color: 'red', title: options.title, message: errorMessage(error, options.fallback) });
}

/**
 * How a bulk action went: `summary` says how many succeeded; each failure follows on its own line with
 * the server's reason, under `failedHeading`. Green when all went well, yellow when some failed, red when none
 * succeeded; a notice with failures stays until closed, so the list can be read.
 */
export function notifyBulkResult(options: {
  summary: string;
  succeeded: number;
  failedHeading: string;
  failures: { name: string; message: string }[];
}): void {
  const { summary, succeeded, failedHeading, failures } = options;
  if (failures.length === 0) {
    notifications.show({ color: 'green', message: summary });
    return;
  }
  notifications.show({
    color: succeeded === 0 ? 'red' : 'yellow',
    title: summary,
    message: [`${failedHeading}:`, ...failures.map((f) => `• ${f.name}: ${f.message}`)].join('\n'),
    autoClose: false,
    styles: { description: { whiteSpace: 'pre-line' } },
  });
}
