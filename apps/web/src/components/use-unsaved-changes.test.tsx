import { MESSAGES } from '@ateliermarkt/contract';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { useUnsavedChanges } from './use-unsaved-changes.ts';

/** A form as the screens have it: one field, dirty once it differs from what was loaded, a save that navigates. */
function NameForm() {
  const [name, setName] = useState('Vaas');
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges(name !== 'Vaas');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        unsaved.release();
        navigate('/lijst');
      }}
    >
      <label>
        Naam
        <input value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit">Opslaan</button>
      <Link to="/lijst">Naar de lijst</Link>
    </form>
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <NameForm /> },
      { path: '/lijst', element: <h1>De lijst</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  renderWithProviders(
    <ModalsProvider>
      <RouterProvider router={router} />
    </ModalsProvider>,
  );
  return router;
}

const typeName = (value: string) => fireEvent.change(screen.getByLabelText('Naam'), { target: { value } });
const SLOW = { timeout: 10_000 };

function beforeUnloadIsCancelled(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  act(() => {
    window.dispatchEvent(event);
  });
  return event.defaultPrevented;
}

describe('useUnsavedChanges', { timeout: 30_000 }, () => {
  it('lets a clean form go without asking', async () => {
    const router = renderForm();
    expect(beforeUnloadIsCancelled()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Naar de lijst' }));
    await screen.findByRole('heading', { name: 'De lijst' }, SLOW);
    expect(router.state.location.pathname).toBe('/lijst');
  });

  it('asks in Dutch before leaving a changed form: Blijven keeps the form, Pagina verlaten goes', async () => {
    const router = renderForm();
    typeName('Schaal');
    fireEvent.click(screen.getByRole('link', { name: 'Naar de lijst' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.unsavedChangesTitle }, SLOW);
    expect(dialog.textContent).toContain(MESSAGES.unsavedChanges);
    expect(router.state.location.pathname).toBe('/form');

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.stayOnPage }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Naam') as HTMLInputElement).value).toBe('Schaal');

    fireEvent.click(screen.getByRole('link', { name: 'Naar de lijst' }));
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.leavePage }, SLOW));
    await screen.findByRole('heading', { name: 'De lijst' }, SLOW);
    expect(router.state.location.pathname).toBe('/lijst');
  });

  it('has the browser ask before a reload or closing the tab, only while there are changes', () => {
    renderForm();
    expect(beforeUnloadIsCancelled()).toBe(false);
    typeName('Schaal');
    expect(beforeUnloadIsCancelled()).toBe(true);
    typeName('Vaas');
    expect(beforeUnloadIsCancelled()).toBe(false);
  });

  it('lets a saved form navigate away without asking', async () => {
    const router = renderForm();
    typeName('Schaal');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByRole('heading', { name: 'De lijst' }, SLOW);
    expect(router.state.location.pathname).toBe('/lijst');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
