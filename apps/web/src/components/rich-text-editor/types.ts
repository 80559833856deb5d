/** 'basic': bold, italic, underline, strike, link, clean. 'full' adds headings, lists and quotes (and images). */
export type RichTextToolbar = 'basic' | 'full';

export type RichTextEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  toolbar: RichTextToolbar;
  /** Only with toolbar 'full': an upload button, and images that can be resized. */
  images?: boolean;
  error?: string;
  description?: string;
  /** Shows the asterisk of a required field. */
  required?: boolean;
};
