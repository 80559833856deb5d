/** The pagination of a mantine-datatable in Dutch: "1–25 van 80" and named page buttons. */
const CONTROL_LABELS = {
  first: 'Eerste pagina',
  previous: 'Vorige pagina',
  next: 'Volgende pagina',
  last: 'Laatste pagina',
} as const;

export const dutchPagination = {
  paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
    `${from}–${to} van ${totalRecords}`,
  getPaginationControlProps: (control: keyof typeof CONTROL_LABELS) => ({ 'aria-label': CONTROL_LABELS[control] }),
};
