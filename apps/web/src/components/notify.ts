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
