/**
 * What index.html paints at the wizard's address before any script (app/signed-in-first-paint.tsx): the screen's
 * heading and its first step as the wizard first renders it (the same panel, the same fields of an empty product), so
 * the first screenful's texts (a help text in it is larger than the heading on a phone) paint from the HTML. The
 * fields are disabled, as nothing can be typed before the scripts run; the wizard itself takes their place.
 * Rendered by the build only (scripts/prerender.ts), never part of the browser's bundle.
 */
import { emptyProductForm, type ProductFormValues } from '@ateliermarkt/contract';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PageHeader } from '../../../components/page-header.tsx';
import { PRODUCT_ADD_HEADING } from '../product-headings.ts';
import { WizardDetailsStep } from './wizard-details-step.tsx';
import { WizardPanel } from './wizard-panel.tsx';

export function ProductAddFirstPaint() {
  const form = useForm<ProductFormValues>({ initialValues: emptyProductForm() });
  return (
    <Stack maw={980}>
      <PageHeader {...PRODUCT_ADD_HEADING} />
      <fieldset disabled className="fp-fields">
        <WizardPanel active={0} highest={0} step={() => <WizardDetailsStep form={form} />} />
      </fieldset>
    </Stack>
  );
}
