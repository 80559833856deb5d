import '@mantine/tiptap/styles.css';
import { Input, Stack } from '@mantine/core';
import { RichTextEditor as MantineEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { editorExtensions } from './extensions.ts';
import { ImageControls, type ImageUploadState, UploadStatus } from './image-controls.tsx';
import { DUTCH_LABELS } from './labels.ts';
import classes from './rich-text-editor.module.css';
import type { RichTextEditorProps } from './types.ts';

/** An empty document is stored as '', not as Tiptap's `<p></p>`. */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** The Tiptap editor itself; load it through `RichTextEditor` from index.ts (a lazy chunk). */
export function TiptapRichTextEditor({
  label,
  value,
  onChange,
  toolbar,
  images = false,
  error,
  description,
  required,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const [upload, setUpload] = useState<ImageUploadState>({ progress: null, error: null });
  const full = toolbar === 'full';
  const withImages = full && images;
  const extensions = useMemo(() => editorExtensions(toolbar, withImages), [toolbar, withImages]);

  const attributes = useMemo(() => {
    const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
    return {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': 'true' } : {}),
      ...(required ? { 'aria-required': 'true' } : {}),
      class: classes.editable ?? '',
    };
  }, [description, error, required, labelId, descriptionId, errorId]);

  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => onChange(htmlOf(e)),
  });

  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  // A value set from outside (a form reset, data that arrived later) replaces the content; typing does not loop.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Stack gap={4}>
      <Input.Label
        component="div"
        id={labelId}
        required={required}
        onClick={() => editor?.commands.focus()}
        className={classes.label}
      >
        {label}
      </Input.Label>
      {description && (
        <Input.Description id={descriptionId} component="div">
          {description}
        </Input.Description>
      )}
      <MantineEditor
        editor={editor}
        labels={DUTCH_LABELS}
        className={error ? classes.invalid : undefined}
        role="group"
        aria-labelledby={labelId}
      >
        <MantineEditor.Toolbar aria-label={`Opmaak van ${label}`}>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          {full && (
            <MantineEditor.ControlsGroup>
              <MantineEditor.H2 />
              <MantineEditor.H3 />
              <MantineEditor.BulletList />
              <MantineEditor.OrderedList />
              <MantineEditor.Blockquote />
            </MantineEditor.ControlsGroup>
          )}
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          {withImages && <ImageControls onState={setUpload} />}
        </MantineEditor.Toolbar>
        <MantineEditor.Content className={full ? classes.contentFull : classes.contentBasic} />
      </MantineEditor>
      {withImages && <UploadStatus state={upload} />}
      {error && (
        <Input.Error id={errorId} component="div">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
