/**
 * The one rich-text editor of the app. The Tiptap code is a lazy chunk: screens without
 * an editor (the log-in screen above all) never load it; a skeleton of the same size shows while it loads.
 */
import { createElement, lazy, Suspense } from 'react';
import { RichTextEditorSkeleton } from './rich-text-editor-skeleton.tsx';
import type { RichTextEditorProps } from './types.ts';

export type { RichTextEditorProps, RichTextToolbar } from './types.ts';

const LazyEditor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.TiptapRichTextEditor })));

export function RichTextEditor(props: RichTextEditorProps) {
  return createElement(
    Suspense,
    { fallback: createElement(RichTextEditorSkeleton, { label: props.label, toolbar: props.toolbar }) },
    createElement(LazyEditor, props),
  );
}
