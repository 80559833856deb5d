import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddWorkshopModal } from './add-workshop-modal.tsx';

/** The page's button and the dialog, as the workshop table has them. */
function Harness() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Openen
      </button>
      <AddWorkshopModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function renderModal() {
  const router = createMemoryRouter([{ path: '/', element: <Harness /> }], { initialEntries: ['/'] });
  return renderWithProviders(
    <ModalsProvider>
      <RouterProvider router={router} />
    </ModalsProvider>,
  );
}

const nameField = () => screen.getByLabelText(/^Naam van het atelier/) as HTMLInputElement;

describe('AddWorkshopModal', () => {
  it('keeps what was typed when Escape closes it, and empties it on Annuleren', async () => {
    renderModal();
    fireEvent.change(nameField(), { target: { value: 'Houtwerk Noord' } });
    fireEvent.keyDown(nameField(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByLabelText(/^Naam van het atelier/)).toBeNull(), { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Openen', hidden: true }));
    expect((await screen.findByLabelText(/^Naam van het atelier/)).getAttribute('value')).toBe('Houtwerk Noord');

    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Naam van het atelier/)).toBeNull(), { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Openen', hidden: true }));
    expect((await screen.findByLabelText(/^Naam van het atelier/)).getAttribute('value')).toBe('');
  });
});
