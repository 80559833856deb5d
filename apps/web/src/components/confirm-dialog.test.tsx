import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ignoreSecondClickOfDoubleClick } from '../lib/double-click-second-click.ts';
import { useSingleFlightMutation } from '../lib/use-single-flight-mutation.ts';
import { renderWithProviders } from '../test/render.tsx';
import { openConfirmDialog } from './confirm-dialog.tsx';

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderModals() {
  return renderWithProviders(<ModalsProvider>{null}</ModalsProvider>);
}

function open(onConfirm: () => Promise<unknown>, key?: string) {
  act(() =>
    openConfirmDialog({
      key,
      title: 'Reservering goedkeuren',
      children: 'Weet je het zeker?',
      confirmLabel: 'Goedkeuren',
      onConfirm,
    }),
  );
}

const confirmButton = () => screen.getByRole('button', { name: 'Goedkeuren' });

describe('openConfirmDialog', () => {
  it('runs the change once for a double click, loading and disabled until it settles, then closes', async () => {
    renderModals();
    const change = deferred();
    const onConfirm = vi.fn(() => change.promise);
    open(onConfirm);
    const button = await screen.findByRole('button', { name: 'Goedkeuren' });

    // Two clicks in one go, before React renders in between: the second must not start the change again.
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirmButton().hasAttribute('data-loading')).toBe(true);
    expect(confirmButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Annuleren' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // Still open while the change is under way.
    expect(screen.getByRole('dialog')).toBeTruthy();

    await act(async () => change.resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('a click outside closes it, but not the second click of a double click, nor while the change is under way', async () => {
    // As the routed app, where every confirmation opens, does (app-router.tsx).
    ignoreSecondClickOfDoubleClick();
    renderModals();
    const change = deferred();
    open(() => change.promise);
    await screen.findByRole('button', { name: 'Goedkeuren' });
    const overlay = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    const clickOutside = (detail: number) => act(() => fireEvent.click(overlay as HTMLElement, { detail }));
    // A dialog that closes is gone after its 200 ms exit transition: one still there after a second stayed open.
    const staysOpen = () =>
      expect(waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 1_000 })).rejects.toThrow();

    // The second click of the double click that opened the dialog, landing on the overlay.
    clickOutside(2);
    await staysOpen();

    fireEvent.click(confirmButton());
    clickOutside(1);
    await staysOpen();
    await act(async () => change.resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    open(() => Promise.resolve());
    await screen.findByRole('button', { name: 'Goedkeuren' });
    act(() => fireEvent.click(document.querySelector('.mantine-Modal-overlay') as HTMLElement, { detail: 1 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes after a failure too (the caller shows it), and a dialog opened again can be confirmed again', async () => {
    renderModals();
    const first = deferred();
    const onConfirm = vi.fn(() => first.promise);
    open(onConfirm, 'approve-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    await act(async () => first.reject(new Error('409')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    open(() => Promise.resolve(), 'approve-1');
    const again = await screen.findByRole('button', { name: 'Goedkeuren' });
    expect(again.hasAttribute('disabled')).toBe(false);
  });

  it('opens one dialog per key, however often it is asked while open', async () => {
    renderModals();
    const onConfirm = vi.fn(() => Promise.resolve());
    open(onConfirm, 'approve-2');
    open(onConfirm, 'approve-2');
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('button', { name: 'Goedkeuren' })).toHaveLength(1);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('useSingleFlightMutation', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );

  it('sends one request for calls made while one is under way, and the next one after it settled', async () => {
    const call = deferred();
    const mutationFn = vi.fn((_id: string) => call.promise);
    const { result } = renderHook(() => useSingleFlightMutation({ mutationFn }), { wrapper });
    const onSuccess = vi.fn();
    act(() => {
      result.current.mutate('r-1', { onSuccess });
      result.current.mutate('r-1', { onSuccess });
    });
    const viaAsync = result.current.mutateAsync('r-1');
    await waitFor(() => expect(mutationFn).toHaveBeenCalled());
    await act(async () => call.resolve());
    await viaAsync;
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(mutationFn).toHaveBeenCalledTimes(1);

    mutationFn.mockImplementation(() => Promise.resolve());
    await act(async () => {
      await result.current.mutateAsync('r-2');
    });
    expect(mutationFn).toHaveBeenCalledTimes(2);
    expect(mutationFn.mock.calls.map(([id]) => id)).toEqual(['r-1', 'r-2']);
  });

  it('after a failure, a new call goes out', async () => {
    const mutationFn = vi.fn((_id: string) => Promise.reject(new Error('409')));
    const { result } = renderHook(() => useSingleFlightMutation({ mutationFn }), { wrapper });
    await act(async () => {
      await result.current.mutateAsync('r-1').catch(() => {});
    });
    await act(async () => {
      await result.current.mutateAsync('r-1').catch(() => {});
    });
    expect(mutationFn).toHaveBeenCalledTimes(2);
  });
});
