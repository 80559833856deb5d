import {
  emptyProductForm,
  MESSAGES,
  mayChangeProduct,
  PRODUCT_WIZARD_STEPS,
  type Product,
  type ProductFormValues,
  productFormToInput,
  productInputSchema,
  productToForm,
  roleKindOf,
} from '@ateliermarkt/contract';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { reportInvalidForm } from '../../../components/form-feedback.ts';
import { IconKey } from '../../../components/icons.tsx';
import { announce } from '../../../components/live-region.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { StatusPage } from '../../../components/status-page.tsx';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyProfile } from '../../../lib/current-user.ts';
import { type SafeParseSchema, zodResolver } from '../../../lib/zod-resolver.ts';
import { useProduct } from '../api/get-product.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { PRODUCT_ADD_HEADING } from '../product-headings.ts';
import classes from './product-wizard.module.css';
import { WizardDetailsStep } from './wizard-details-step.tsx';
import { WizardMakerStep } from './wizard-maker-step.tsx';
import { WIZARD_STEPS, WizardPanel } from './wizard-panel.tsx';
import { WizardPhotosStep } from './wizard-photos-step.tsx';
import { WizardPriceStep } from './wizard-price-step.tsx';

const LAST_STEP = PRODUCT_WIZARD_STEPS.length - 1;

/** Where the request names a field otherwise than the form; the other names match (without regard to case). */
const FORM_FIELD_OF: Record<string, keyof ProductFormValues> = {
  categories: 'categoryIds',
  format: 'length',
  deliverymethods: 'deliveryMethodIds',
};

/** Every field of the wizard is a whole value: an error inside a list ('categories.0.id') belongs to the list. */
function formFieldOf(path: string): string {
  const head = path.split('.')[0] ?? '';
  return FORM_FIELD_OF[head.toLowerCase()] ?? head;
}

/** The step whose schema holds the field, so the wizard can go back to it; -1 for none. */
const stepOf = (field: string) => PRODUCT_WIZARD_STEPS.findIndex((step) => field in step.shape);

export function ProductAddPage() {
  return <ProductWizard product={null} />;
}

/** Editing: a product the caller may not change (a colleague's, for a plain user) is refused before step 1. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const profile = useMyProfile();
  if (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 403))
    return <NotFoundPage />;
  if (!product.data || !profile.data) return <PageLoader />;
  const who = { kind: roleKindOf(profile.data), userId: profile.data.id };
  if (!mayChangeProduct(who, product.data))
    return (
      <StatusPage
        title={MESSAGES.forbiddenTitle}
        message={MESSAGES.forbidden}
        icon={<IconKey />}
        action={{ label: 'Terug naar het product', to: `/product/detail/${product.data.id}` }}
      />
    );
  return <ProductWizard key={product.data.id} product={product.data} />;
}

/** The four steps and 'Gelukt!', for adding and for editing. */
function ProductWizard({ product }: { product: Product | null }) {
  const profile = useMyProfile();
  const save = useSaveProduct();
  const [active, setActive] = useState(0);
  const [highest, setHighest] = useState(product ? LAST_STEP : 0);
  const [saved, setSaved] = useState<Product | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useSchemaForm<ProductFormValues>({
    schema: productInputSchema,
    initialValues: product ? productToForm(product) : emptyProductForm(),
    toInput: productFormToInput,
    fieldOf: formFieldOf,
  });
  const done = active > LAST_STEP;
  const unsaved = useUnsavedChanges(form.isDirty() && !done);
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Set when a step change should take focus to the new step's heading (not on the first render of the screen).
  const focusHeading = useRef(false);

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
    const step = WIZARD_STEPS[active];
    announce(step ? MESSAGES.wizardStepAnnounced(active + 1, WIZARD_STEPS.length, step.label) : MESSAGES.productSaved);
  }, [active]);

  /** Shows the step's errors; false (after announcing them and focusing the first field) when there are any. */
  function validateStep(step: number): boolean {
    const schema = PRODUCT_WIZARD_STEPS[step];
    if (!schema) return true;
    const errors = zodResolver(schema as SafeParseSchema<unknown>)(form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) return true;
    setActive(step);
    reportInvalidForm(panel.current, errors);
    return false;
  }

  function show(step: number) {
    if (step === active) return;
    focusHeading.current = true;
    setActive(step);
  }

  function goTo(step: number) {
    if (step <= active) return show(step);
    for (let s = active; s < step; s++) {
      if (!validateStep(s)) return;
    }
    show(step);
    setHighest((h) => Math.max(h, step));
  }

  function submit() {
    for (let s = 0; s <= LAST_STEP; s++) if (!validateStep(s)) return;
    save.mutate(
      { id: product?.id ?? null, body: productFormToInput(form.getValues()) },
      {
        onSuccess: (result) => {
          notifySuccess(MESSAGES.productSaved);
          unsaved.release();
          form.resetDirty();
          setSaved(result);
          show(LAST_STEP + 1);
        },
        onError: (error) => {
          const placed = form.showServerError(error, { title: MESSAGES.productNotSaved });
          const steps = Object.keys(placed)
            .map(stepOf)
            .filter((step) => step >= 0);
          if (steps.length === 0) return;
          setActive(Math.min(...steps));
          reportInvalidForm(panel.current, placed);
        },
      },
    );
  }

  const isAdmin = profile.data ? roleKindOf(profile.data) === 'workshopAdmin' : false;
  const title = product ? 'Product wijzigen' : PRODUCT_ADD_HEADING.title;

  return (
    <Stack maw={980}>
      <PageHeader
        title={title}
        description={product ? `${product.productNumber} · ${product.name}` : PRODUCT_ADD_HEADING.description}
      />
      <WizardPanel
        panelRef={panel}
        headingRef={heading}
        active={active}
        highest={highest}
        onStepClick={goTo}
        step={(i) => (
          <>
            {i === 0 && <WizardDetailsStep form={form} />}
            {i === 1 && <WizardPriceStep form={form} />}
            {i === 2 && <WizardPhotosStep form={form} onBusyChange={setUploading} />}
            {i === 3 && <WizardMakerStep form={form} />}
          </>
        )}
        completed={
          <Stack align="center" gap="sm" py="xl">
            <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden="true">
              ✓
            </ThemeIcon>
            <Title order={2} tabIndex={-1} ref={heading} className={classes.heading}>
              Gelukt!
            </Title>
            <Text ta="center">
              {MESSAGES.productSaved}
              {saved ? ` (${saved.productNumber} · ${saved.name}).` : '.'}
            </Text>
            <Group mt="md">
              {saved && (
                <Button
                  component={Link}
                  to={isAdmin ? `/product/admin-detail/${saved.id}` : `/product/detail/${saved.id}`}
                >
                  Bekijk het product
                </Button>
              )}
              <Button component={Link} to="/products" variant="default">
                Naar alle producten
              </Button>
            </Group>
          </Stack>
        }
      >
        {!done && (
          <Group justify="space-between" mt="xl">
            <Button variant="default" onClick={() => show(active - 1)} disabled={active === 0}>
              Vorige
            </Button>
            {active < LAST_STEP ? (
              <Button onClick={() => goTo(active + 1)} disabled={uploading}>
                Volgende
              </Button>
            ) : (
              <Button onClick={submit} loading={save.isPending} disabled={uploading}>
                {MESSAGES.save}
              </Button>
            )}
          </Group>
        )}
      </WizardPanel>
    </Stack>
  );
}
