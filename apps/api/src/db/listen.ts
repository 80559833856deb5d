/**
 * LISTEN on PostgreSQL over a connection of its own (docs/decisions/0028): a pooled connection is handed to other
 * queries between uses, and a LISTEN lives as long as its session. When that connection is lost (the server restarted,
 * an administrator ended it), it is opened again with a growing pause, and `onReconnect` is called once listening
 * again, so the caller can read what was notified in between from its table.
 */
import pg from 'pg';

export type Listener = (payload: string) => void;
export type ListenOptions = { onReconnect?: () => void; onError?: (error: Error) => void };
export type Unlisten = () => Promise<void>;

const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 10_000;

/** Quotes a channel name as an identifier (LISTEN takes no parameters). */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function createPostgresListener(connectionString: string) {
  const stops = new Set<Unlisten>();

  async function listen(channel: string, onPayload: Listener, options: ListenOptions = {}): Promise<Unlisten> {
    let client: pg.Client | null = null;
    let stopped = false;
    let pause = FIRST_PAUSE_MS;
    let timer: NodeJS.Timeout | undefined;

    async function connect(): Promise<void> {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      // Without a listener an error on this connection ends the process; a lost connection is opened again.
      next.on('error', (error) => options.onError?.(error));
      next.on('end', () => {
        if (client === next) client = null;
        if (!stopped) retry();
      });
      await next.connect();
      await next.query(`LISTEN ${identifier(channel)}`);
      if (stopped) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      pause = FIRST_PAUSE_MS;
    }

    function retry() {
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        connect().then(
          () => options.onReconnect?.(),
          (error: Error) => {
            options.onError?.(error);
            pause = Math.min(pause * 2, MAX_PAUSE_MS);
            retry();
          },
        );
      }, pause);
      timer.unref();
    }

    await connect();
    const stop: Unlisten = async () => {
      stopped = true;
      stops.delete(stop);
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    };
    stops.add(stop);
    return stop;
  }

  return {
    listen,
    /** Ends every listening connection (when the database closes). */
    closeAll: async () => {
      await Promise.all([...stops].map((stop) => stop()));
    },
  };
}
