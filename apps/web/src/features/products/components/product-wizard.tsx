import {
  emptyProductForm,
  MESSAGES,
  mayChangeProduct,
  PRODUCT_WIZARD_STEPS,
  type Product,
  type ProductFormValues,
  productFormToInput,
  productToForm,
  roleKindOf,
} from '@ateliermarkt/contract';
import { Button, Group, Paper, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { reportInvalidForm } from '../../../components/form-feedback.ts';
import { IconKey } from '../../../components/icons.tsx';
import { announce } from '../../../components/live-region.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyProfile } from '../../../lib/current-user.ts';
import { type SafeParseSchema, zodResolver } from '../../../lib/zod-resolver.ts';
import { useProduct } from '../api/get-product.ts';
import { useSaveProduct } from '../api/save-product.ts';
import classes from './product-wizard.module.css';
import { WizardDetailsStep } from './wizard-details-step.tsx';
import { WizardMakerStep } from './wizard-maker-step.tsx';
import { WizardPhotosStep } from './wizard-photos-step.tsx';
import { WizardPriceStep } from './wizard-price-step.tsx';

const LAST_STEP = PRODUCT_WIZARD_STEPS.length - 1;

/** The steps' names, in the stepper and in the heading each step starts with. */
const STEPS = [
  { label: 'Gegevens', description: 'Naam en categorieën' },
  { label: 'Prijs & verzending', description: 'Prijs, maten, verzenden' },
  { label: "Foto's", description: "Maximaal 8 JPG's" },
  { label: 'Over de maker', description: 'Naam, tekst en foto' },
] as const;

/** Which step holds a field the server complained about (its `members`), so the wizard can go back to it. */
const SERVER_FIELDS: Record<string, { field: keyof ProductFormValues; step: number }> = {
  name: { field: 'name', step: 0 },
  categories: { field: 'categoryIds', step: 0 },
  customcategories: { field: 'customCategories', step: 0 },
  material: { field: 'material', step: 0 },
  price: { field: 'price', step: 1 },
  weight: { field: 'weight', step: 1 },
  length: { field: 'length', step: 1 },
  width: { field: 'width', step: 1 },
  height: { field: 'height', step: 1 },
  format: { field: 'length', step: 1 },
  deliverymethods: { field: 'deliveryMethodIds', step: 1 },
  images: { field: 'images', step: 2 },
  authorname: { field: 'authorName', step: 3 },
  authordescription: { field: 'authorDescription', step: 3 },
  authorimage: { field: 'authorImage', step: 3 },
};

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
  const form = useForm<ProductFormValues>({ initialValues: product ? productToForm(product) : emptyProductForm() });
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
    const step = STEPS[active];
    announce(step ? MESSAGES.wizardStepAnnounced(active + 1, STEPS.length, step.label) : MESSAGES.productSaved);
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
          let firstStep: number | null = null;
          const errors: Record<string, string> = {};
          if (error instanceof ApiError)
            for (const v of error.validationErrors)
              for (const m of v.members) {
                // A member may point inside a list ('categories.0.id'): the form field is the list.
                const target = SERVER_FIELDS[(m.split('.')[0] ?? '').toLowerCase()];
                if (!target) continue;
                form.setFieldError(target.field, v.message);
                errors[target.field] = v.message;
                firstStep = firstStep === null ? target.step : Math.min(firstStep, target.step);
              }
          if (firstStep !== null) {
            setActive(firstStep);
            reportInvalidForm(panel.current, errors);
          }
          notifyFailure(error, { title: MESSAGES.productNotSaved });
        },
      },
    );
  }

  const isAdmin = profile.data ? roleKindOf(profile.data) === 'workshopAdmin' : false;
  const title = product ? 'Product wijzigen' : 'Product toevoegen';

  return (
    <Stack maw={980}>
      <PageHeader
        title={title}
        description={
          product ? `${product.productNumber} · ${product.name}` : 'In vier stappen je product in de webshop.'
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} ref={panel}>
        {/* On a phone the four steps do not fit side by side: the heading below says 'Stap 2 van 4' instead. */}
        <Stepper
          active={active}
          onStepClick={goTo}
          allowNextStepsSelect={false}
          size="sm"
          wrap={false}
          classNames={{ steps: classes.steps }}
          completedIcon={<span aria-hidden="true">✓</span>}
        >
          {STEPS.map((step, i) => (
            <Stepper.Step
              key={step.label}
              label={step.label}
              description={step.description}
              allowStepSelect={highest >= i && !done}
            >
              <Title order={2} fz="lg" mb="md" tabIndex={-1} ref={heading} className={classes.heading}>
                <Text span inherit c="dimmed" fw={500}>
                  Stap {i + 1} van {STEPS.length}:
                </Text>{' '}
                {step.label}
              </Title>
              {i === 0 && <WizardDetailsStep form={form} />}
              {i === 1 && <WizardPriceStep form={form} />}
              {i === 2 && <WizardPhotosStep form={form} onBusyChange={setUploading} />}
              {i === 3 && <WizardMakerStep form={form} />}
            </Stepper.Step>
          ))}
          <Stepper.Completed>
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
          </Stepper.Completed>
        </Stepper>
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
      </Paper>
    </Stack>
  );
}
