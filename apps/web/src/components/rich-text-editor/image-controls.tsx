import { IMAGE_URL_PATH, MESSAGES } from '@ateliermarkt/contract';
import { Progress, Text } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { useEditorState } from '@tiptap/react';
import { useRef } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { uploadImage } from '../../lib/upload-image.ts';
import { IconImageSize, IconPhoto } from '../icons.tsx';
import { IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH } from './extensions.ts';

const STEP = 80;
const ACCEPT = 'image/jpeg,image/png';

export type ImageUploadState = { progress: number | null; error: string | null };

/**
 * Upload (with progress) and keyboard resizing of images: the drag handles of Tiptap's resizable image need a mouse,
 * so 'smaller' and 'wider' buttons change the selected image's width too.
 */
export function ImageControls({ onState }: { onState: (state: ImageUploadState) => void }) {
  const { editor } = useRichTextEditorContext();
  const input = useRef<HTMLInputElement>(null);
  const selectedWidth = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e?.isActive('image')) return null;
      const width = Number(e.getAttributes('image').width);
      return Number.isFinite(width) && width > 0 ? width : 0;
    },
  });

  const resize = (delta: number) => {
    if (!editor) return;
    const dom = editor.view.nodeDOM(editor.state.selection.from);
    const img = dom instanceof HTMLElement ? (dom.tagName === 'IMG' ? dom : dom.querySelector('img')) : null;
    const current = selectedWidth || img?.getBoundingClientRect().width || 400;
    const width = Math.min(Math.max(Math.round(current + delta), IMAGE_MIN_WIDTH), IMAGE_MAX_WIDTH);
    editor.chain().focus().updateAttributes('image', { width, height: null }).run();
    if (img) {
      img.style.width = `${width}px`;
      img.style.height = 'auto';
    }
  };

  const pick = async (file: File) => {
    onState({ progress: 0, error: null });
    try {
      const image = await uploadImage(file, { onProgress: (p) => onState({ progress: p, error: null }) });
      const src = image.fileOriginal.includes(IMAGE_URL_PATH)
        ? image.fileOriginal.slice(image.fileOriginal.indexOf(IMAGE_URL_PATH))
        : image.fileOriginal;
      const alt = file.name.replace(/\.[^.]+$/, '');
      editor?.chain().focus().setImage({ src, alt }).run();
      onState({ progress: null, error: null });
    } catch (error) {
      onState({ progress: null, error: errorMessage(error, MESSAGES.imageUploadFailed) });
    }
  };

  return (
    <RichTextEditor.ControlsGroup>
      <RichTextEditor.Control
        aria-label="Afbeelding uploaden"
        title="Afbeelding uploaden"
        onClick={() => input.current?.click()}
      >
        <IconPhoto size={16} />
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void pick(file);
        }}
      />
      <RichTextEditor.Control
        aria-label="Afbeelding smaller"
        title="Afbeelding smaller"
        disabled={selectedWidth === null}
        onClick={() => resize(-STEP)}
      >
        <IconImageSize grow={false} />
      </RichTextEditor.Control>
      <RichTextEditor.Control
        aria-label="Afbeelding breder"
        title="Afbeelding breder"
        disabled={selectedWidth === null}
        onClick={() => resize(STEP)}
      >
        <IconImageSize grow />
      </RichTextEditor.Control>
    </RichTextEditor.ControlsGroup>
  );
}

export function UploadStatus({ state }: { state: ImageUploadState }) {
  if (state.progress !== null)
    return (
      <div role="status" aria-live="polite">
        <Text size="sm" c="dimmed" mb={4}>
          Afbeelding uploaden… {Math.round(state.progress * 100)}%
        </Text>
        <Progress value={state.progress * 100} size="sm" aria-label="Voortgang van de upload" />
      </div>
    );
  if (state.error)
    return (
      <Text size="sm" c="red.8" role="alert">
        {state.error}
      </Text>
    );
  return null;
}
