import type { RichTextEditorLabels } from '@mantine/tiptap';

/** Dutch names of the toolbar buttons and the link editor (screen readers read these). */
export const DUTCH_LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Vet',
  italicControlLabel: 'Cursief',
  underlineControlLabel: 'Onderstrepen',
  strikeControlLabel: 'Doorhalen',
  clearFormattingControlLabel: 'Opmaak wissen',
  linkControlLabel: 'Link toevoegen',
  unlinkControlLabel: 'Link verwijderen',
  bulletListControlLabel: 'Opsomming',
  orderedListControlLabel: 'Genummerde lijst',
  h2ControlLabel: 'Kop 2',
  h3ControlLabel: 'Kop 3',
  blockquoteControlLabel: 'Citaat',
  undoControlLabel: 'Ongedaan maken',
  redoControlLabel: 'Opnieuw',
  imageUploadControlLabel: 'Afbeelding uploaden',
  linkEditorInputLabel: 'Adres van de link',
  linkEditorInputPlaceholder: 'https://voorbeeld.nl/',
  linkEditorExternalLink: 'Link opent in een nieuw tabblad',
  linkEditorInternalLink: 'Link opent in hetzelfde tabblad',
  linkEditorSave: 'Opslaan',
};
