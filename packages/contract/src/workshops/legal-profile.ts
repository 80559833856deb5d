import * as jsvatModule from 'jsvat-next';
import { z } from 'zod';

/**
 * A workshop's legal profile (docs/invoices.md): what an invoice for the platform's fee names of it. The
 * texts live here, not in MESSAGES: only the workshop form and 'Instellingen' load them, never the log-in page.
 */
export const LEGAL_MESSAGES = {
  legalNameTooLong: 'De statutaire naam mag hoogstens 128 tekens lang zijn.',
  kvkNumberInvalid: 'Een KVK-nummer bestaat uit precies 8 cijfers.',
  kvkBranchNumberInvalid: 'Een vestigingsnummer bestaat uit precies 12 cijfers.',
  vatIdInvalid: 'Vul een geldig btw-identificatienummer in, zoals NL123456789B01 (landcode en nummer).',
  vatIdChecksum: 'Dit btw-identificatienummer klopt niet: controleer de cijfers.',
  vatIdCountry: 'Vul een btw-identificatienummer van een land van de Europese Unie in.',
  vatRegimeInvalid: 'Kies de btw-regeling: standaard of kleineondernemersregeling (KOR).',
  platformAddressTooLong: 'Het adres mag hoogstens 300 tekens lang zijn.',
  feeVatPercentInvalid: 'Vul een btw-percentage van 0 tot 100 in.',
  // 'Instellingen': the platform as the supplier on its invoices.
  settingsInvoiceTitle: 'Factuurgegevens van het platform',
  settingsInvoiceHelp:
    'Ateliermarkt factureert elk atelier maandelijks zijn platformvergoeding met btw. Deze gegevens staan als leverancier op elke factuur; een factuur die al is uitgereikt verandert niet meer.',
  settingsPlatformLegalName: 'Statutaire naam',
  settingsPlatformAddress: 'Adres (straat en huisnummer, postcode en plaats)',
  settingsPlatformKvkNumber: 'KVK-nummer',
  settingsPlatformVatId: 'Btw-identificatienummer',
  settingsFeeVatPercent: 'Btw over de platformvergoeding',
  settingsFeeVatPercentHelp: 'Geldt voor reserveringen die vanaf nu worden geplaatst.',
} as const;

/** The VAT regime of a workshop's sales: `kor` (kleineondernemersregeling) charges no BTW, its lines carry 0 %. */
export const VAT_REGIMES = ['standard', 'kor'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];
export const VAT_REGIME_NAMES: Record<VatRegime, string> = {
  standard: 'Standaard (btw op de verkopen)',
  kor: 'Kleineondernemersregeling (KOR, geen btw)',
};
export const vatRegimeSchema = z.enum(VAT_REGIMES, { error: LEGAL_MESSAGES.vatRegimeInvalid });

// jsvat-next ships CommonJS to Node (whose ESM loader cannot see its named exports) and an ES module to bundlers.
const jsvat: typeof jsvatModule = (jsvatModule as { default?: typeof jsvatModule }).default ?? jsvatModule;

/** The EU member states, by jsvat's country objects (its list also holds Brazil, Norway, the UK and others). */
const EU_VAT_COUNTRIES = [
  jsvat.austria,
  jsvat.belgium,
  jsvat.bulgaria,
  jsvat.croatia,
  jsvat.cyprus,
  jsvat.czechRepublic,
  jsvat.denmark,
  jsvat.estonia,
  jsvat.finland,
  jsvat.france,
  jsvat.germany,
  jsvat.greece,
  jsvat.hungary,
  jsvat.ireland,
  jsvat.italy,
  jsvat.latvia,
  jsvat.lithuania,
  jsvat.luxembourg,
  jsvat.malta,
  jsvat.netherlands,
  jsvat.poland,
  jsvat.portugal,
  jsvat.romania,
  jsvat.slovakiaRepublic,
  jsvat.slovenia,
  jsvat.spain,
  jsvat.sweden,
];

/** A BTW-id without spaces, dots or dashes, in capitals: `nl 0044.95445.b01` → `NL004495445B01`. */
export const normalizeVatId = (value: string) => value.replace(/[\s.\-_]/g, '').toUpperCase();

export type VatIdProblem = 'format' | 'checksum' | 'country';

/**
 * What is wrong with a BTW-id, or null when it is valid: the Dutch one is `NL` + 9 digits + `B` + 2 digits with the
 * eleven-test (companies) or the mod-97 check (sole traders since 2020); other EU states by their own rules (jsvat-next).
 */
export function vatIdProblem(value: string): VatIdProblem | null {
  const id = normalizeVatId(value);
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(id)) return 'format';
  const result = jsvat.checkVAT(id, EU_VAT_COUNTRIES);
  if (!result.isSupportedCountry) return 'country';
  if (!result.isValidFormat) return 'format';
  return result.isValid ? null : 'checksum';
}

const VAT_ID_MESSAGE: Record<VatIdProblem, string> = {
  format: LEGAL_MESSAGES.vatIdInvalid,
  checksum: LEGAL_MESSAGES.vatIdChecksum,
  country: LEGAL_MESSAGES.vatIdCountry,
};

const digits = (n: number, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/[\s.]/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(new RegExp(`^\\d{${n}}$`), { error: message })]))
    .nullish()
    .transform((v) => (v ? v : null));

/** Request fields: empty is none (null). */
export const legalNameField = z
  .string({ error: LEGAL_MESSAGES.legalNameTooLong })
  .trim()
  .max(128, { error: LEGAL_MESSAGES.legalNameTooLong })
  .nullish()
  .transform((v) => (v ? v : null));
export const kvkNumberField = digits(8, LEGAL_MESSAGES.kvkNumberInvalid);
export const kvkBranchNumberField = digits(12, LEGAL_MESSAGES.kvkBranchNumberInvalid);
export const vatIdField = z
  .string({ error: LEGAL_MESSAGES.vatIdInvalid })
  .transform(normalizeVatId)
  .superRefine((id, ctx) => {
    const problem = id === '' ? null : vatIdProblem(id);
    if (problem) ctx.addIssue({ code: 'custom', message: VAT_ID_MESSAGE[problem] });
  })
  .nullish()
  .transform((v) => (v ? v : null));

/** The legal profile as a workshop's GET answers it. */
export const legalProfileSchema = z.object({
  legalName: z.string().nullable(),
  kvkNumber: z.string().nullable(),
  kvkBranchNumber: z.string().nullable(),
  vatId: z.string().nullable(),
  vatRegime: vatRegimeSchema,
});
export type LegalProfile = z.infer<typeof legalProfileSchema>;

/** The legal profile as PUT workspaces/{id} takes it: each field may be left out (unchanged). */
export const legalProfileInputShape = {
  legalName: legalNameField.optional(),
  kvkNumber: kvkNumberField.optional(),
  kvkBranchNumber: kvkBranchNumberField.optional(),
  vatId: vatIdField.optional(),
  vatRegime: vatRegimeSchema.optional(),
};
