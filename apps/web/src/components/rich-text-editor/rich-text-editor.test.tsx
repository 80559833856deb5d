import { EDITOR_OUTPUT } from '@ateliermarkt/contract';
import { screen } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { editorExtensions } from './extensions.ts';
import { RichTextEditor } from './index.ts';

describe('editor output', () => {
  it.each(['basic', 'full'] as const)('the %s editor writes its own output back unchanged', (toolbar) => {
    const editor = new Editor({ extensions: editorExtensions(toolbar, true), content: EDITOR_OUTPUT[toolbar] });
    expect(editor.getHTML()).toBe(EDITOR_OUTPUT[toolbar]);
    editor.destroy();
  });

  it('the basic editor drops headings, lists and images', () => {
    const editor = new Editor({
      extensions: editorExtensions('basic', false),
      content: '<h2>Kop</h2><ul><li>punt</li></ul><img src="/uploads/images/a/original.jpg">',
    });
    expect(editor.getHTML()).toBe('<p>Kop</p><p>punt</p>');
    editor.destroy();
  });

  it('stores a whole-pixel width and no height for a resized image', () => {
    const editor = new Editor({
      extensions: editorExtensions('full', true),
      content: '<img src="/uploads/images/a/original.jpg" alt="x" width="250.7" height="100">',
    });
    expect(editor.getHTML()).toBe('<img src="/uploads/images/a/original.jpg" alt="x" width="251">');
    editor.destroy();
  });
});

function Harness({ onChange }: { onChange: (html: string) => void }) {
  const [value, setValue] = useState('<p>Hallo</p>');
  return (
    <RichTextEditor
      label="Antwoord"
      description="Alleen eenvoudige opmaak"
      error="Vul een antwoord in"
      toolbar="basic"
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange(html);
      }}
    />
  );
}

describe('RichTextEditor', () => {
  it('is a labelled textbox with Dutch toolbar buttons, loaded lazily', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: 'Antwoord' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain('description');
    for (const name of ['Vet', 'Cursief', 'Onderstrepen', 'Doorhalen', 'Opmaak wissen', 'Link toevoegen']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Kop 2' })).toBeNull();
    expect(screen.getByText('Vul een antwoord in')).toBeTruthy();
  });

  it('shows headings, lists and the image buttons on the full toolbar', async () => {
    renderWithProviders(<RichTextEditor label="Inhoud" toolbar="full" images value="" onChange={() => {}} />);
    await screen.findByRole('textbox', { name: 'Inhoud' });
    for (const name of ['Kop 2', 'Kop 3', 'Opsomming', 'Genummerde lijst', 'Citaat', 'Afbeelding uploaden']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect((screen.getByRole('button', { name: 'Afbeelding breder' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
