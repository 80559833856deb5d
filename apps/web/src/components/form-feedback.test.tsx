import { Checkbox, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { onInvalidForm } from './form-feedback.ts';
import { LiveRegion } from './live-region.tsx';

type Values = { name: string; email: string; terms: string[] };

/** A form as the screens write one: Mantine's useForm, `form.onSubmit(save, onInvalidForm)`. */
function TestForm({ initial }: { initial: Values }) {
  const form = useForm<Values>({
    initialValues: initial,
    validate: {
      name: (v) => (v ? null : 'Vul een naam in'),
      email: (v) => (v.includes('@') ? null : 'Vul een geldig e-mailadres in'),
      terms: (v) => (v.length ? null : 'Kies minstens één'),
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(() => {}, onInvalidForm)}>
      <Checkbox.Group label="Voorwaarden" {...form.getInputProps('terms')}>
        <Checkbox value="a" label="Akkoord" />
      </Checkbox.Group>
      <TextInput label="Naam" {...form.getInputProps('name')} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <button type="submit">Opslaan</button>
    </form>
  );
}

function renderForm(initial: Values) {
  renderWithProviders(
    <>
      <LiveRegion />
      <TestForm initial={initial} />
    </>,
  );
}

const liveRegion = () => screen.getByRole('status');

describe('onInvalidForm', () => {
  it('puts focus on the first field with an error and announces how many there are and which comes first', async () => {
    renderForm({ name: 'Anna', email: 'anna', terms: ['a'] });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    expect(liveRegion().getAttribute('aria-live')).toBe('polite');
    expect(liveRegion().textContent).toBe('Controleer het formulier: één veld klopt nog niet. Eerste veld: E-mail');
  });

  it('takes the first in the order of the page, a group of checkboxes included', async () => {
    renderForm({ name: '', email: '', terms: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Akkoord')));
    expect(liveRegion().textContent).toBe(
      'Controleer het formulier: 3 velden kloppen nog niet. Eerste veld: Voorwaarden',
    );
  });

  it('announces a second failure again and leaves a valid form alone', async () => {
    renderForm({ name: '', email: 'a@b.nl', terms: ['a'] });
    const save = screen.getByRole('button', { name: 'Opslaan' });
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Naam')));
    const first = liveRegion().firstElementChild;
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Naam')));
    // A fresh node: screen readers read the same sentence a second time.
    expect(liveRegion().firstElementChild).not.toBe(first);
    fireEvent.change(screen.getByLabelText('Naam'), { target: { value: 'Anna' } });
    save.focus();
    fireEvent.click(save);
    await new Promise((r) => requestAnimationFrame(r));
    expect(document.activeElement).toBe(save);
  });
});
