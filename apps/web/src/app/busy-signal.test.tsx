import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BusySignal } from './busy-signal.tsx';

function Asking({ answer }: { answer: Promise<string> }) {
  useQuery({ queryKey: ['asking'], queryFn: () => answer });
  return null;
}

describe('BusySignal', () => {
  it('marks the page busy while a query fetches, and idle once it answered', async () => {
    let resolve: (value: string) => void = () => {};
    const answer = new Promise<string>((r) => {
      resolve = r;
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BusySignal />
        <Asking answer={answer} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.documentElement.dataset.busy).toBe('true'));
    resolve('klaar');
    await waitFor(() => expect(document.documentElement.dataset.busy).toBe('false'));
  });
});
