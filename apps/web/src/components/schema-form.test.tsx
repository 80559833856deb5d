import { Select, TextInput } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LiveRegion } from './live-region.tsx';
import { useSchemaForm } from './schema-form.ts';

const POSTAL_CODE = 'Vul een postcode in als 1234 AB';
const schema = z.object({
  name: z.string().trim().min(1, 'Vul een naam in'),
  address: z.object({ street: z.string(), postalCode: z.string().regex(/^\d{4} ?[A-Z]{2}$/, POSTAL_CODE) }),
  roleNames: z.array(z.enum(['admin', 'user'])),
});
/** `code` is a value the screen does not show (as a field only some roles see). */
type Values = { name: string; address: { street: string; postalCode: string }; role: string; code: string };

/** What the server answers on the next save; null saves. */
let failure: ApiError | null = null;
afterEach(() => {
  failure = null;
  // Mantine keeps its notices in one store for the whole file: a notice of one test must not answer the next.
  notifications.clean();
});

const validation = (...errors: { message: string; members: string[] }[]) =>
  new ApiError(400, {
    error: { code: 'Validation', message: errors[0]?.message ?? '', details: null, validationErrors: errors },
  });

/** A form as the screens write one: the request has `roleNames`, the form a single `role`. */
function TestForm() {
  const form = useSchemaForm<Values>({
    schema,
    initialValues: {
      name: 'Atelier Klei',
      address: { street: 'Kade 1', postalCode: '1234 AB' },
      role: 'user',
      code: 'A1',
    },
    toInput: ({ role, code: _code, ...rest }) => ({ ...rest, roleNames: [role] }),
    fieldOf: (path) => (path.toLowerCase().startsWith('rolenames') ? 'role' : path),
  });
  const submit = form.onSubmit(() => {
    if (failure) form.showServerError(failure, { title: 'Niet opgeslagen' });
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Testformulier">
      <TextInput label="Naam" {...form.getInputProps('name')} />
      <TextInput label="Straat" {...form.getInputProps('address.street')} />
      <TextInput label="Postcode" {...form.getInputProps('address.postalCode')} />
      <Select label="Rol" data={['admin', 'user']} {...form.getInputProps('role')} />
      <button type="submit">Opslaan</button>
    </form>
  );
}

function renderForm() {
  renderWithProviders(
    <>
      <Notifications />
      <LiveRegion />
      <TestForm />
    </>,
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('useSchemaForm', () => {
  it('checks with the schema: an issue on a nested field shows under that field, which gets the focus', async () => {
    renderForm();
    fireEvent.change(field('Postcode'), { target: { value: '12' } });
    save();
    expect(screen.getByText(POSTAL_CODE)).toBeTruthy();
    expect(field('Postcode').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Postcode')));
  });

  it('shows a server error on a nested field under that field, not in a notice', async () => {
    failure = validation({ message: 'Deze postcode kennen we niet', members: ['Address.PostalCode'] });
    renderForm();
    save();
    await screen.findByText('Deze postcode kennen we niet');
    expect(field('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(field('Naam').hasAttribute('aria-invalid')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(field('Postcode')));
    expect(screen.getByRole('status').textContent).toBe(
      'Controleer het formulier: één veld klopt nog niet. Eerste veld: Postcode',
    );
    expect(screen.queryByText('Niet opgeslagen')).toBeNull();
  });

  it("puts an error on a request's name for a field under the form's field", async () => {
    failure = validation({ message: 'Kies een rol die bestaat', members: ['roleNames.0'] });
    renderForm();
    save();
    await screen.findByText('Kies een rol die bestaat');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Eerste veld: Rol$/));
    expect(screen.queryByText('Niet opgeslagen')).toBeNull();
  });

  it('says in a notice only what names no field of the form', async () => {
    failure = validation(
      { message: 'Deze postcode kennen we niet', members: ['address.postalCode'] },
      { message: 'Onbekend veld', members: ['colour'] },
    );
    renderForm();
    save();
    await screen.findByText('Deze postcode kennen we niet');
    expect(await screen.findByText('Onbekend veld')).toBeTruthy();
    expect(screen.getByText('Niet opgeslagen')).toBeTruthy();
    expect(screen.getAllByText('Deze postcode kennen we niet')).toHaveLength(1);
  });

  it('says an error on a field the screen does not show in a notice, so it is never silent', async () => {
    failure = validation({ message: 'Deze code is al in gebruik', members: ['code'] });
    renderForm();
    save();
    expect(await screen.findByText('Deze code is al in gebruik')).toBeTruthy();
    expect(screen.getByText('Niet opgeslagen')).toBeTruthy();
  });

  it('says a failure that is not about fields in a notice', async () => {
    failure = new ApiError(409, {
      error: { code: 'Conflict', message: 'Iemand anders was je voor', details: null, validationErrors: null },
    });
    renderForm();
    save();
    expect(await screen.findByText('Iemand anders was je voor')).toBeTruthy();
    expect(field('Postcode').hasAttribute('aria-invalid')).toBe(false);
  });
});
