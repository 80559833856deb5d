import {
  formatIban,
  type Image,
  MESSAGES,
  type UpdateWorkshop,
  type VatRegime,
  type Workshop,
  workshopNameField,
} from '@ateliermarkt/contract';

/** The workshop form's values: text as typed, the holiday as three fields (all empty: no holiday). */
export type WorkshopFormValues = {
  name: string;
  creditorNumber: string;
  debtorNumber: string;
  description: string;
  openingTimes: string;
  street: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  province: string | null;
  email: string;
  phone: string;
  label: string;
  mainImage: Image | null;
  teamImage: Image | null;
  iban: string;
  ibanHolder: string;
  holiday: { from: string; to: string; message: string };
  legalName: string;
  kvkNumber: string;
  kvkBranchNumber: string;
  vatId: string;
  vatRegime: VatRegime;
};

export function initialValues(w: Workshop): WorkshopFormValues {
  return {
    name: w.name,
    creditorNumber: w.creditorNumber ?? '',
    debtorNumber: w.debtorNumber ?? '',
    description: w.description,
    openingTimes: w.openingTimes ?? '',
    street: w.street ?? '',
    streetNumber: w.streetNumber ?? '',
    zipCode: w.zipCode ?? '',
    city: w.city ?? '',
    province: w.province,
    email: w.email ?? '',
    phone: w.phone ?? '',
    label: String(w.label),
    mainImage: w.mainImage,
    teamImage: w.teamImage,
    iban: w.iban ? formatIban(w.iban) : '',
    ibanHolder: w.ibanHolder ?? '',
    holiday: w.holiday ?? { from: '', to: '', message: '' },
    legalName: w.legalName ?? '',
    kvkNumber: w.kvkNumber ?? '',
    kvkBranchNumber: w.kvkBranchNumber ?? '',
    vatId: w.vatId ?? '',
    vatRegime: w.vatRegime,
  };
}

/** The body of PUT workspaces/{id}: name and numbers only from the super admin (the server refuses them otherwise). */
export function toBody(v: WorkshopFormValues, isSuperAdmin: boolean): UpdateWorkshop {
  const { from, to, message } = v.holiday;
  return {
    ...(isSuperAdmin ? { name: v.name, creditorNumber: v.creditorNumber, debtorNumber: v.debtorNumber } : {}),
    description: v.description,
    openingTimes: v.openingTimes,
    street: v.street,
    streetNumber: v.streetNumber,
    zipCode: v.zipCode,
    city: v.city,
    // The selects offer only the provinces and labels of the contract; the server checks them again.
    province: v.province as UpdateWorkshop['province'],
    email: v.email,
    phone: v.phone,
    label: Number(v.label) as UpdateWorkshop['label'],
    mainImage: v.mainImage,
    teamImage: v.teamImage,
    iban: v.iban,
    ibanHolder: v.ibanHolder,
    // Three empty fields end holiday mode; anything filled in is a holiday the contract checks whole.
    holiday: from || to || message.trim() ? { from, to, message } : null,
    legalName: v.legalName,
    kvkNumber: v.kvkNumber,
    kvkBranchNumber: v.kvkBranchNumber,
    vatId: v.vatId,
    vatRegime: v.vatRegime,
  };
}

/** The workshop's name is sent only by the super admin, so the body's schema does not require it: checked here. */
export function checkName(v: WorkshopFormValues, isSuperAdmin: boolean): Record<string, string> {
  if (!isSuperAdmin) return {};
  const name = workshopNameField.safeParse(v.name);
  return name.success ? {} : { name: name.error.issues[0]?.message ?? MESSAGES.workspaceNameRequired };
}
