import { Paper, Stepper, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import classes from './product-wizard.module.css';

/** The steps' names, in the stepper and in the heading each step starts with. */
export const WIZARD_STEPS = [
  { label: 'Gegevens', description: 'Naam en categorieën' },
  { label: 'Prijs & verzending', description: 'Prijs, maten, verzenden' },
  { label: "Foto's", description: "Maximaal 8 JPG's" },
  { label: 'Over de maker', description: 'Naam, tekst en foto' },
] as const;

type WizardPanelProps = {
  /** The step shown; past the last one, `completed`. */
  active: number;
  /** The furthest step reached: the stepper lets the user go back to any step up to it. */
  highest: number;
  /** The fields of step `index` (only the active step's are rendered). */
  step: (index: number) => ReactNode;
  completed?: ReactNode;
  onStepClick?: (index: number) => void;
  panelRef?: Ref<HTMLDivElement>;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Below the stepper: the wizard's buttons. */
  children?: ReactNode;
};

/**
 * The wizard's panel: the stepper with the four steps, the active step's heading and fields, and what `children`
 * puts below. Also what index.html paints at the wizard's address before any script (wizard-first-paint.tsx), so the
 * two have the same measures.
 */
export function WizardPanel({
  active,
  highest,
  step,
  completed,
  onStepClick,
  panelRef,
  headingRef,
  children,
}: WizardPanelProps) {
  const done = active >= WIZARD_STEPS.length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} ref={panelRef}>
      {/* On a phone (below Mantine's xs) the four steps do not fit side by side: the heading says 'Stap 2 van 4'. */}
      <Stepper
        active={active}
        onStepClick={onStepClick}
        allowNextStepsSelect={false}
        size="sm"
        wrap={false}
        classNames={{ steps: 'mantine-visible-from-xs' }}
        completedIcon={<span aria-hidden="true">✓</span>}
      >
        {WIZARD_STEPS.map((s, i) => (
          <Stepper.Step
            key={s.label}
            label={s.label}
            description={s.description}
            allowStepSelect={highest >= i && !done}
          >
            <Title order={2} fz="lg" mb="md" tabIndex={-1} ref={headingRef} className={classes.heading}>
              <Text span inherit c="dimmed" fw={500}>
                Stap {i + 1} van {WIZARD_STEPS.length}:
              </Text>{' '}
              {s.label}
            </Title>
            {step(i)}
          </Stepper.Step>
        ))}
        {completed && <Stepper.Completed>{completed}</Stepper.Completed>}
      </Stepper>
      {children}
    </Paper>
  );
}
