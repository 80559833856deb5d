import { Modal } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ignoreSecondClickOfDoubleClick } from './double-click-second-click.ts';

describe('ignoreSecondClickOfDoubleClick', () => {
  it('keeps a dialog open on the second click of a double click on its overlay; a single click outside closes it', async () => {
    ignoreSecondClickOfDoubleClick();
    ignoreSecondClickOfDoubleClick();
    const onClose = vi.fn();
    renderWithProviders(
      <Modal opened onClose={onClose} title="Gebruiker toevoegen">
        Inhoud
      </Modal>,
    );
    await screen.findByRole('dialog');
    const overlay = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();

    act(() => fireEvent.click(overlay as HTMLElement, { detail: 2 }));
    act(() => fireEvent.click(overlay as HTMLElement, { detail: 3 }));
    expect(onClose).not.toHaveBeenCalled();
    // Other clicks are not touched, a double click in the dialog either.
    const inside = vi.fn();
    screen.getByText('Inhoud').addEventListener('click', inside);
    act(() => fireEvent.click(screen.getByText('Inhoud'), { detail: 2 }));
    expect(inside).toHaveBeenCalledTimes(1);

    act(() => fireEvent.click(overlay as HTMLElement, { detail: 1 }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('submits a form once on a double click of its submit button; a later click and Enter (requestSubmit) still submit', () => {
    ignoreSecondClickOfDoubleClick();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const form = document.createElement('form');
    form.innerHTML = '<input name="naam"><button type="submit"><span>Opslaan</span></button>';
    form.addEventListener('submit', onSubmit);
    document.body.append(form);
    const button = form.querySelector('button') as HTMLButtonElement;
    fireEvent.click(button, { detail: 1 });
    fireEvent.click(form.querySelector('span') as HTMLElement, { detail: 2 });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(button, { detail: 1 });
    expect(onSubmit).toHaveBeenCalledTimes(2);
    form.requestSubmit();
    expect(onSubmit).toHaveBeenCalledTimes(3);
    form.remove();
  });
});
