/**
 * The Tiptap extensions per toolbar. Only what the server's sanitizer keeps is enabled (lib/rich-text.ts on the
 * API), so pasted content is trimmed to the same allow-list already while editing.
 */
import { Link } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import type { RichTextToolbar } from './types.ts';

/** Widths an image can have, in pixels (the sanitizer accepts 1..4000). */
export const IMAGE_MIN_WIDTH = 80;
export const IMAGE_MAX_WIDTH = 1200;

function widthOf(value: unknown): number | null {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && n > 0 ? Math.min(Math.max(n, IMAGE_MIN_WIDTH), IMAGE_MAX_WIDTH) : null;
}

/**
 * Images keep a whole-pixel width only: the height follows from it (CSS `height: auto`), so resizing never
 * distorts and what is stored is one plain `width` attribute.
 */
export const ResizableImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      width: {
        default: null,
        parseHTML: (element) => widthOf(element.getAttribute('width')),
        renderHTML: (attributes) => {
          const width = widthOf(attributes.width);
          return width ? { width: String(width) } : {};
        },
      },
      height: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
    };
  },
});

export function editorExtensions(toolbar: RichTextToolbar, images: boolean): Extensions {
  const full = toolbar === 'full';
  return [
    StarterKit.configure({
      // Mantine's Link (below) adds the Ctrl+K link editor.
      link: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      heading: full ? { levels: [2, 3] } : false,
      bulletList: full ? {} : false,
      orderedList: full ? {} : false,
      listItem: full ? {} : false,
      listKeymap: full ? {} : false,
      blockquote: full ? {} : false,
    }),
    Link.configure({
      openOnClick: false,
      protocols: ['mailto'],
      HTMLAttributes: { target: null, rel: 'noopener noreferrer', class: null },
    }),
    ...(full && images
      ? [
          ResizableImage.configure({
            resize: {
              enabled: true,
              directions: ['right', 'bottom-right'],
              minWidth: IMAGE_MIN_WIDTH,
              alwaysPreserveAspectRatio: true,
            },
          }),
        ]
      : []),
  ];
}
